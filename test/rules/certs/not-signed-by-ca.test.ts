import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/certs/not-signed-by-ca.js';
import { makeCertificateFixtures } from '../../certs/fixtures.js';
import { runWithGatheredFacts } from './with-gathered-facts.js';

const fx = makeCertificateFixtures();
const cases = {
  valid: [
    { name: 'signed by the CA', kind: 'bootstrap' as const, config: { bootstrap: { ca_cert_path: fx.caCert, x509_cert_path: fx.serverCert, x509_key_path: fx.serverKey } } },
    { name: 'no CA configured', kind: 'bootstrap' as const, config: { bootstrap: { x509_cert_path: fx.selfSignedCert, x509_key_path: fx.selfSignedKey } } },
    { name: 'listener certificates are not checked against the data-store CA', kind: 'bootstrap' as const,
      config: { bootstrap: { ca_cert_path: fx.caCert }, api: { https: { tls_cert_path: fx.selfSignedCert, tls_key_path: fx.selfSignedKey } } } },
    { name: 'chain file: leaf then CA', kind: 'legacy' as const, config: { databases: { db: { cacertpath: fx.caCert, certpath: fx.bundle, keypath: fx.serverKey } } } },
  ],
  invalid: [
    { name: 'self-signed client certificate', kind: 'bootstrap' as const,
      config: { bootstrap: { ca_cert_path: fx.caCert, x509_cert_path: fx.selfSignedCert, x509_key_path: fx.selfSignedKey } },
      errors: [{ pointer: '/bootstrap/x509_cert_path', message: 'is not signed by the configured CA', severity: 'error' as const }] },
    { name: 'database_credentials checked against the bootstrap CA', kind: 'bootstrap' as const,
      config: { bootstrap: { ca_cert_path: fx.caCert }, database_credentials: { db1: { x509_cert_path: fx.selfSignedCert, x509_key_path: fx.selfSignedKey } } },
      errors: [{ pointer: '/database_credentials/db1/x509_cert_path', message: 'CN self.example.com' }] },
    { name: 'legacy per-database CA', kind: 'legacy' as const,
      config: { databases: { db: { cacertpath: fx.selfSignedCert, certpath: fx.serverCert, keypath: fx.serverKey } } },
      errors: [{ pointer: '/databases/db/certpath', message: 'is not signed by the configured CA' }] },
  ],
};
runRuleTests(rule, cases);
runWithGatheredFacts(rule, cases);
