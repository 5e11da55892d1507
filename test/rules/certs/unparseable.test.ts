import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/certs/unparseable.js';
import { makeCertificateFixtures } from '../../certs/fixtures.js';
import { runWithGatheredFacts } from './with-gathered-facts.js';

const fx = makeCertificateFixtures();
const cases = {
  valid: [
    { name: 'PEM certificate and key', kind: 'legacy' as const, config: { SSLCert: fx.serverCert, SSLKey: fx.serverKey } },
    { name: 'a missing file is another rule', kind: 'bootstrap' as const, config: { bootstrap: { ca_cert_path: fx.missing } } },
  ],
  invalid: [
    { name: 'text file as CA', kind: 'bootstrap' as const, config: { bootstrap: { ca_cert_path: fx.notACertificate } },
      errors: [{ pointer: '/bootstrap/ca_cert_path', message: 'holds no PEM certificate', severity: 'error' as const }] },
    { name: 'DER certificate', kind: 'legacy' as const, config: { SSLCert: fx.derCert, SSLKey: fx.serverKey },
      errors: [{ pointer: '/SSLCert', message: 'DER' }] },
    { name: 'certificate given as the key', kind: 'bootstrap' as const,
      config: { bootstrap: { x509_cert_path: fx.serverCert, x509_key_path: fx.serverCert } },
      errors: [{ pointer: '/bootstrap/x509_key_path', message: 'holds a certificate, not a private key' }] },
  ],
};
runRuleTests(rule, cases);
runWithGatheredFacts(rule, cases);
