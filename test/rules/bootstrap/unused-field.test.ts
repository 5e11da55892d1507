import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/bootstrap/unused-field.js';

const bootstrap = { server: 'couchbases://cb1', username: 'sg', password: 'pw' };
const legacy = (fields: Record<string, unknown>) => ({ databases: { db: { server: 'couchbases://cb1', bucket: 'b', enable_shared_bucket_access: true } }, ...fields });

runRuleTests(rule, {
  valid: [
    { kind: 'bootstrap', config: { bootstrap } },
    { name: 'null is unset', kind: 'bootstrap', config: { bootstrap, couchbase_keepalive_interval: null } },
    { name: 'a legacy config without the field', kind: 'legacy', config: legacy({}) },
    { name: '3.1 still sets the keep-alive', kind: 'bootstrap', options: { target: '3.1' }, config: { bootstrap, couchbase_keepalive_interval: 30 } },
    { name: '2.8 still sets the keep-alive', kind: 'legacy', options: { target: '2.8' }, config: legacy({ couchbaseKeepaliveInterval: 30 }) },
  ],
  invalid: [
    {
      name: 'ignored by the newest release', kind: 'bootstrap', config: { bootstrap, couchbase_keepalive_interval: 30 },
      errors: [{ pointer: '/couchbase_keepalive_interval', severity: 'warning', message: '"couchbase_keepalive_interval" is the TCP keep-alive interval of a Couchbase client the gateway no longer has (ignored by 4.1)' }],
    },
    {
      name: 'the legacy key, as the automatic upgrade copies it', kind: 'legacy', config: legacy({ CouchbaseKeepaliveInterval: 30 }),
      errors: [{ pointer: '/CouchbaseKeepaliveInterval', severity: 'warning', message: '"couchbaseKeepaliveInterval" is the TCP keep-alive' }],
    },
  ],
});
