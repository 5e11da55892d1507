import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/security/non-tls-server.js';

const boot = (bootstrap: Record<string, unknown>) => ({ bootstrap });

runRuleTests(rule, {
  valid: [
    { kind: 'bootstrap', config: boot({ server: 'couchbases://cb1' }) },
    { name: 'test store', kind: 'bootstrap', config: boot({ server: 'rosmar:///tmp/x' }) },
    { name: 'legacy walrus', kind: 'legacy', config: { databases: { db: { server: 'walrus:' } } } },
  ],
  invalid: [
    { name: 'reference example 4', kind: 'bootstrap', config: boot({ server: 'couchbase://cb1' }), errors: [{ pointer: '/bootstrap/server', severity: 'error', message: 'with use_tls_server at its default (true): the gateway refuses to start' }] },
    { name: 'reference example 5', kind: 'bootstrap', config: boot({ server: 'https://cb1:18091' }), errors: [{ pointer: '/bootstrap/server', severity: 'error', message: 'https:// address does not count' }] },
    { name: 'reference example 6', kind: 'bootstrap', config: boot({ server: 'couchbases://cb1', use_tls_server: false }), errors: [{ pointer: '/bootstrap/use_tls_server', severity: 'error', message: 'Remove "use_tls_server": false' }] },
    { name: 'opted out: clear text', kind: 'bootstrap', config: boot({ server: 'couchbase://cb1', use_tls_server: false }), errors: [{ pointer: '/bootstrap/server', severity: 'warning', message: 'clear text' }] },
    { name: 'reference example 26', kind: 'legacy', config: { databases: { db: { server: 'http://cb1:8091' } } }, errors: [{ pointer: '/databases/db/server', severity: 'error', message: '"couchbase://cb1"' }] },
    { name: '2.8 connects without TLS: an info about 3.0 (2.8/3.0 boundary)', kind: 'legacy', config: { databases: { db: { server: 'couchbase://cb1' } } }, options: { target: '2.8' }, errors: [{ pointer: '/databases/db/server', severity: 'info', message: '2.8 accepts it; 3.0 and later refuse it' }] },
    { name: '3.0 refuses it', kind: 'legacy', config: { databases: { db: { server: 'couchbase://cb1' } } }, options: { target: '3.0' }, errors: [{ pointer: '/databases/db/server', severity: 'error' }] },
    { name: 'legacy opted out', kind: 'legacy', config: { use_tls_server: false, databases: { db: { server: 'couchbase://cb1' } } }, errors: [{ pointer: '/databases/db/server', severity: 'warning' }] },
  ],
});
