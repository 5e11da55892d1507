import { rule } from '../../../src/rules/schema/unknown-field.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: "{\"Bucket\": \"b\"}" },
    { kind: 'legacy', config: "{\"Interface\": \":4984\", \"databases\": {}}" },
  ],
  invalid: [
    { kind: 'database', config: "{\"bucket\": \"b\", \"revs_limt\": 20}", errors: [{ pointer: "/revs_limt", message: "did you mean \"revs_limit\"" }] },
    { kind: 'bootstrap', config: "{\"bootsrap\": {}}", errors: [{ pointer: "/bootsrap", message: "did you mean \"bootstrap\"" }] },
  ],
});

// The same field under two releases: what the target knows decides (src/releases/fields.ts).
runRuleTests(rule, {
  valid: [
    { name: 'index is known to 3.3', kind: 'database', config: { name: 'db', index: { num_replicas: 1 } }, options: { target: '3.3' } },
    { name: 'node_heartbeat_expiry is known to 4.1', kind: 'bootstrap', config: { bootstrap: { server: 'couchbases://cb', node_heartbeat_expiry: '2m' } }, options: { target: '4.1' } },
    { name: 'scopes in a legacy database are known to 3.1', kind: 'legacy', config: { databases: { db: { server: 'couchbases://cb', scopes: { s: { collections: { c: {} } } } } } }, options: { target: '3.1' } },
    { name: '2.8 knows the first-generation replication fields', kind: 'legacy', config: { replications: [{ source: 'http://a:4985/db', target: 'db', cancel: false }], databases: {} }, options: { target: '2.8' } },
  ],
  invalid: [
    { name: 'index is unknown to 3.2 (3.2/3.3 boundary)', kind: 'database', config: { name: 'db', index: { num_replicas: 1 } }, options: { target: '3.2' }, errors: [{ pointer: '/index', severity: 'error', message: 'for 3.2 (added in 3.3)' }] },
    { name: 'node_heartbeat_expiry is unknown to 4.0 (4.0/4.1 boundary)', kind: 'bootstrap', config: { bootstrap: { server: 'couchbases://cb', node_heartbeat_expiry: '2m' } }, options: { target: '4.0' }, errors: [{ pointer: '/bootstrap/node_heartbeat_expiry', message: 'for 4.0 (added in 4.1)' }] },
    { name: 'store_legacy_revtree_data is unknown to 3.3 (3.3/4.0 boundary)', kind: 'database', config: { name: 'db', store_legacy_revtree_data: true }, options: { target: '3.3' }, errors: [{ pointer: '/store_legacy_revtree_data', message: 'added in 4.0' }] },
    { name: 'scopes in a legacy database are unknown to 2.8 (2.8/3.0 boundary... added in 3.1)', kind: 'legacy', config: { databases: { db: { server: 'couchbases://cb', scopes: { s: { collections: { c: {} } } } } } }, options: { target: '2.8' }, errors: [{ pointer: '/databases/db/scopes', message: 'for 2.8 (added in 3.1)' }] },
    { name: 'a removed field names the release that removed it', kind: 'database', config: { name: 'db', graphql: {} }, options: { target: '3.2' }, errors: [{ pointer: '/graphql', message: 'removed in 3.2' }] },
  ],
});
