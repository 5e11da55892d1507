import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/bootstrap/credentials-x509-and-password.js';

const MIXED = { username: 'u', password: 'secret', x509_cert_path: 'c.pem', x509_key_path: 'k.pem' };

runRuleTests(rule, {
  valid: [{ kind: 'bootstrap', config: { bucket_credentials: { b: { x509_cert_path: 'c.pem', x509_key_path: 'k.pem' } }, database_credentials: { db: { username: 'u', password: 'p' } } } }],
  invalid: [
    { name: 'reference example 11 (bucket)', kind: 'bootstrap', config: { bucket_credentials: { b: MIXED } }, errors: [{ pointer: '/bucket_credentials/b', severity: 'error', message: /refuses to start(?!.*secret)/ }] },
    { name: 'reference example 11 (database)', kind: 'bootstrap', config: { database_credentials: { db: MIXED } }, errors: [{ pointer: '/database_credentials/db', severity: 'warning', message: 'uses X.509, ignoring the username and password' }] },
  ],
});
