import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/certs/file-unreadable.js';
import { makeCertificateFixtures } from '../../certs/fixtures.js';
import { runWithGatheredFacts } from './with-gathered-facts.js';

const fx = makeCertificateFixtures();
const cases = {
  valid: [
    { name: 'readable CA and pair', kind: 'bootstrap' as const, config: { bootstrap: { server: 'couchbases://cb', ca_cert_path: fx.caCert, x509_cert_path: fx.serverCert, x509_key_path: fx.serverKey } } },
    { name: 'no certificate paths', kind: 'legacy' as const, config: { databases: { db: { server: 'walrus:' } } } },
    { name: 'a readable file that is not a certificate is another rule', kind: 'legacy' as const, config: { SSLCert: fx.notACertificate, SSLKey: fx.serverKey } },
  ],
  invalid: [
    { name: 'missing CA on the gateway host (--host)', kind: 'bootstrap' as const, config: { bootstrap: { server: 'couchbases://cb', ca_cert_path: fx.missing } }, options: { host: true },
      errors: [{ pointer: '/bootstrap/ca_cert_path', message: 'the file does not exist', severity: 'error' as const }] },
    { name: 'missing CA, linted elsewhere: not checked here', kind: 'bootstrap' as const, config: { bootstrap: { server: 'couchbases://cb', ca_cert_path: fx.missing } },
      errors: [{ pointer: '/bootstrap/ca_cert_path', message: 'not on this machine, so it was not checked', severity: 'info' as const }] },
    { name: 'a missing relative path, linted elsewhere: not checked here either (the gateway resolves it in its own working directory)', kind: 'legacy' as const, config: { SSLCert: 'examples/ssl/cert.pem', SSLKey: 'examples/ssl/key.pem' },
      errors: [{ pointer: '/SSLCert', message: 'relative to the gateway\'s working directory', severity: 'info' as const }, { pointer: '/SSLKey', severity: 'info' as const }] },
    { name: 'a missing relative path on the gateway host (--host) is an error', kind: 'legacy' as const, config: { SSLCert: 'examples/ssl/cert.pem', SSLKey: fx.serverKey }, options: { host: true },
      errors: [{ pointer: '/SSLCert', severity: 'error' as const }] },
    { name: 'legacy key path is a folder', kind: 'legacy' as const, config: { databases: { db: { server: 'couchbases://cb', certpath: fx.serverCert, keypath: fx.dir } } },
      errors: [{ pointer: '/databases/db/keypath', message: 'folder' }] },
    { name: 'missing listener certificate', kind: 'bootstrap' as const, config: { api: { https: { tls_cert_path: fx.missing, tls_key_path: fx.serverKey } } }, options: { host: true },
      errors: [{ pointer: '/api/https/tls_cert_path', message: /TLS certificate ".*does-not-exist\.pem" cannot be used/ }] },
  ],
};
runRuleTests(rule, cases);
runWithGatheredFacts(rule, cases);
