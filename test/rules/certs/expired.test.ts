import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/certs/expired.js';
import { makeCertificateFixtures } from '../../certs/fixtures.js';
import { runWithGatheredFacts } from './with-gathered-facts.js';

const fx = makeCertificateFixtures();
const cases = {
  valid: [
    { name: 'valid for a year', kind: 'bootstrap' as const, config: { bootstrap: { ca_cert_path: fx.caCert, x509_cert_path: fx.serverCert, x509_key_path: fx.serverKey } } },
    { name: 'keys have no expiry', kind: 'legacy' as const, config: { SSLCert: fx.selfSignedCert, SSLKey: fx.expiredKey } },
  ],
  invalid: [
    { name: 'expired client certificate', kind: 'bootstrap' as const,
      config: { bootstrap: { ca_cert_path: fx.caCert, x509_cert_path: fx.expiredCert, x509_key_path: fx.expiredKey } },
      errors: [{ pointer: '/bootstrap/x509_cert_path', message: 'expired on 2020-02-01', severity: 'error' as const }] },
    { name: 'expiring within 30 days', kind: 'legacy' as const, config: { SSLCert: fx.expiringCert, SSLKey: fx.serverKey },
      errors: [{ pointer: '/SSLCert', message: /expires on .* in (9|10) days\n[^]*Renew it/, severity: 'warning' as const }] },
    { name: 'judged at the run\'s moment, not the clock as the rule runs', kind: 'legacy' as const, config: { SSLCert: fx.expiredCert, SSLKey: fx.expiredKey },
      options: { now: Date.parse('2020-01-10T00:00:00Z') },
      errors: [{ pointer: '/SSLCert', message: 'expires on 2020-02-01, in 22 days', severity: 'warning' as const }] },
    { name: 'not valid yet', kind: 'bootstrap' as const, config: { api: { https: { tls_cert_path: fx.futureCert, tls_key_path: fx.serverKey } } },
      errors: [{ pointer: '/api/https/tls_cert_path', message: 'is not valid until 2099-01-01', severity: 'error' as const }] },
  ],
};
runRuleTests(rule, cases);
runWithGatheredFacts(rule, cases);
