// Certificates generated with the openssl CLI for the tests: a CA, certificates it signed (valid,
// expiring soon, expired), a self-signed one, a mismatched key, files that are not certificates.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface CertificateFixtures {
  dir: string;
  caCert: string;
  caKey: string;
  /** Signed by the CA, valid for a year. */
  serverCert: string;
  serverKey: string;
  /** Signed by the CA, expired in 2020. */
  expiredCert: string;
  expiredKey: string;
  /** Signed by the CA, expires in about 10 days. */
  expiringCert: string;
  /** Signed by the CA, valid from 2099 only. */
  futureCert: string;
  /** Self-signed, not by the CA. */
  selfSignedCert: string;
  selfSignedKey: string;
  /** A key that belongs to no certificate here. */
  otherKey: string;
  /** The server certificate followed by the CA: a chain file, two certificates. */
  bundle: string;
  /** Plain text. */
  notACertificate: string;
  /** The server certificate in DER. */
  derCert: string;
  /** A path that does not exist. */
  missing: string;
}

function openssl(cwd: string, ...args: string[]): void {
  execFileSync('openssl', args, { cwd, stdio: 'pipe' });
}

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

export function makeCertificateFixtures(): CertificateFixtures {
  const dir = mkdtempSync(path.join(tmpdir(), 'sgconf-certs-'));
  const at = (name: string) => path.join(dir, name);
  openssl(dir, 'req', '-x509', ...EC, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '3650', '-subj', '/CN=Test Root CA');
  // `openssl ca` is the OpenSSL 3.0 way to choose explicit validity dates (past or future).
  mkdirSync(at('ca-db'));
  writeFileSync(at('ca-db/index.txt'), '');
  writeFileSync(at('ca-db/serial'), '1000\n');
  writeFileSync(at('ca.cnf'), [
    '[ca]', 'default_ca = test_ca', '[test_ca]', 'database = ca-db/index.txt', 'new_certs_dir = ca-db',
    'serial = ca-db/serial', 'default_md = sha256', 'policy = any', 'unique_subject = no', '[any]', 'commonName = supplied', '',
  ].join('\n'));
  const sign = (name: string, cn: string, dates: string[], keyName = `${name}.key`) => {
    openssl(dir, 'req', ...EC, '-keyout', keyName, '-out', `${name}.csr`, '-subj', `/CN=${cn}`);
    openssl(dir, 'ca', '-batch', '-config', 'ca.cnf', '-cert', 'ca.pem', '-keyfile', 'ca.key', '-in', `${name}.csr`, '-out', `${name}.pem`, '-notext', ...dates);
  };
  sign('server', 'sg.example.com', ['-days', '365']);
  sign('expired', 'expired.example.com', ['-startdate', '20200101000000Z', '-enddate', '20200201000000Z']);
  sign('expiring', 'expiring.example.com', ['-days', '10']);
  sign('future', 'future.example.com', ['-startdate', '20990101000000Z', '-enddate', '20991231000000Z']);
  openssl(dir, 'req', '-x509', ...EC, '-keyout', 'self.key', '-out', 'self.pem', '-days', '365', '-subj', '/CN=self.example.com');
  openssl(dir, 'genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-out', 'other.key');
  writeFileSync(at('bundle.pem'), readFileSync(at('server.pem'), 'utf8') + readFileSync(at('ca.pem'), 'utf8'));
  writeFileSync(at('notes.txt'), 'this is not a certificate\n');
  openssl(dir, 'x509', '-in', 'server.pem', '-outform', 'der', '-out', 'server.der');
  return {
    dir,
    caCert: at('ca.pem'), caKey: at('ca.key'),
    serverCert: at('server.pem'), serverKey: at('server.key'),
    expiredCert: at('expired.pem'), expiredKey: at('expired.key'),
    expiringCert: at('expiring.pem'),
    futureCert: at('future.pem'),
    selfSignedCert: at('self.pem'), selfSignedKey: at('self.key'),
    otherKey: at('other.key'),
    bundle: at('bundle.pem'),
    notACertificate: at('notes.txt'),
    derCert: at('server.der'),
    missing: at('does-not-exist.pem'),
  };
}
