import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/bootstrap/tls-cert-key-pair.js';

runRuleTests(rule, {
  valid: [
    { kind: 'bootstrap', config: { api: { https: { tls_cert_path: 'c.pem', tls_key_path: 'k.pem' } } } },
    { kind: 'legacy', config: { databases: {} } },
  ],
  invalid: [
    { name: 'reference example 8', kind: 'bootstrap', config: { api: { https: { tls_cert_path: 'c.pem' } } }, errors: [{ pointer: '/api/https/tls_cert_path', severity: 'error', message: 'and the gateway refuses to start with only one' }] },
    { kind: 'legacy', config: { SSLKey: 'k.pem', databases: {} }, errors: [{ pointer: '/SSLKey', message: 'without SSLCert' }] },
  ],
});
