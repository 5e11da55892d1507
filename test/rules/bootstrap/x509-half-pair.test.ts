import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/bootstrap/x509-half-pair.js';

runRuleTests(rule, {
  valid: [
    { kind: 'bootstrap', config: { bootstrap: { x509_cert_path: 'c.pem', x509_key_path: 'k.pem' } } },
    { kind: 'legacy', config: { databases: { db: { server: 'couchbases://h', certpath: 'c.pem', keypath: 'k.pem' } } } },
  ],
  invalid: [
    { kind: 'bootstrap', config: { bootstrap: { x509_cert_path: 'c.pem' } }, errors: [{ pointer: '/bootstrap/x509_cert_path', severity: 'warning', message: 'silently falls back' }] },
    { kind: 'bootstrap', config: { database_credentials: { db: { x509_key_path: 'k.pem' } } }, errors: [{ pointer: '/database_credentials/db/x509_key_path' }] },
    { kind: 'legacy', config: { databases: { db: { server: 'couchbases://h', username: 'u', certpath: 'c.pem' } } }, errors: [{ pointer: '/databases/db/certpath', message: 'without keypath' }] },
  ],
});
