import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/bootstrap/skip-verify-with-ca.js';

runRuleTests(rule, {
  valid: [
    { kind: 'bootstrap', config: { bootstrap: { server: 'couchbases://h', ca_cert_path: '/etc/ca.pem' } } },
    { kind: 'legacy', config: { server_tls_skip_verify: true, databases: { db: { server: 'couchbases://h' } } } },
  ],
  invalid: [
    { name: 'reference example 7', kind: 'bootstrap', config: { bootstrap: { server: 'couchbases://h', server_tls_skip_verify: true, ca_cert_path: '/etc/ca.pem' } }, errors: [{ pointer: '/bootstrap/server_tls_skip_verify', severity: 'error', message: 'cannot be combined with ca_cert_path' }] },
    { kind: 'legacy', config: { server_tls_skip_verify: true, databases: { db: { server: 'couchbases://h', cacertpath: '/etc/ca.pem' } } }, errors: [{ pointer: '/databases/db/cacertpath' }] },
  ],
});
