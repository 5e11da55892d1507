import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/security/tls-minimum-version.js';

runRuleTests(rule, {
  valid: [
    { kind: 'bootstrap', config: { api: { https: { tls_minimum_version: 'tlsv1.3' } } } },
    { kind: 'legacy', config: { tls_minimum_version: 'tlsv1.2', databases: {} } },
  ],
  invalid: [
    { name: 'reference example 13', kind: 'bootstrap', config: { api: { https: { tls_minimum_version: 'TLS1.3' } } }, errors: [{ pointer: '/api/https/tls_minimum_version', severity: 'warning', message: /silently uses TLS 1.2.*"tlsv1.3"/ }] },
    { name: 'old protocols', kind: 'legacy', config: { tls_minimum_version: 'tlsv1', databases: {} }, errors: [{ pointer: '/tls_minimum_version', message: 'insecure' }] },
  ],
});
