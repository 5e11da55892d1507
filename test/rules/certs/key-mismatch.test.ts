import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/certs/key-mismatch.js';
import { makeCertificateFixtures } from '../../certs/fixtures.js';
import { runWithGatheredFacts } from './with-gathered-facts.js';

const fx = makeCertificateFixtures();
const cases = {
  valid: [
    { name: 'matching client pair', kind: 'bootstrap' as const, config: { bootstrap: { x509_cert_path: fx.serverCert, x509_key_path: fx.serverKey } } },
    { name: 'matching listener pair', kind: 'legacy' as const, config: { SSLCert: fx.selfSignedCert, SSLKey: fx.selfSignedKey } },
  ],
  invalid: [
    { name: 'another key', kind: 'bootstrap' as const,
      config: { bucket_credentials: { b1: { x509_cert_path: fx.serverCert, x509_key_path: fx.otherKey } } },
      errors: [{ pointer: '/bucket_credentials/b1/x509_key_path', message: 'does not match its certificate', severity: 'error' as const }] },
    { name: 'legacy listener with the key of another certificate', kind: 'legacy' as const, config: { SSLCert: fx.serverCert, SSLKey: fx.selfSignedKey },
      errors: [{ pointer: '/SSLKey', message: /TLS private key ".*self\.key" does not match/ }] },
  ],
};
runRuleTests(rule, cases);
runWithGatheredFacts(rule, cases);
