import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/security/tls-minimum-version.js';

runRuleTests(rule, {
  valid: [
    { kind: 'bootstrap', config: { api: { https: { tls_minimum_version: 'tlsv1.3' } } } },
    { kind: 'legacy', config: { tls_minimum_version: 'tlsv1.2', databases: {} } },
    { name: 'unset: 3.0 and later take TLS 1.2', kind: 'legacy', config: { SSLCert: 'cert.pem', SSLKey: 'key.pem', databases: {} } },
    { name: 'unset without HTTPS under 2.8', kind: 'legacy', config: { databases: {} }, options: { target: '2.8' } },
  ],
  invalid: [
    { name: 'reference example 13', kind: 'bootstrap', config: { api: { https: { tls_minimum_version: 'TLS1.3' } } }, errors: [{ pointer: '/api/https/tls_minimum_version', severity: 'warning', message: /silently uses TLS 1.2.*"tlsv1.3"/ }] },
    { name: 'old protocols', kind: 'legacy', config: { tls_minimum_version: 'tlsv1', databases: {} }, errors: [{ pointer: '/tls_minimum_version', message: 'insecure' }] },
    // 2.8's default is TLS 1.0 (rest/config.go@2.8.4 DefaultMinimumTLSVersionConst).
    { name: 'unset with HTTPS under 2.8', kind: 'legacy', config: { SSLCert: 'cert.pem', SSLKey: 'key.pem', databases: {} }, options: { target: '2.8' }, errors: [{ pointer: '/SSLCert', severity: 'warning', message: 'take the insecure TLS 1.0 and up' }] },
    { name: 'unknown under 2.8: its default, TLS 1.0', kind: 'legacy', config: { tls_minimum_version: 'TLSv1.2', databases: {} }, options: { target: '2.8' }, errors: [{ pointer: '/tls_minimum_version', message: /silently uses TLS 1\.0; did you mean "tlsv1\.2"/ }] },
  ],
});
