import { describe, expect, it } from 'vitest';
import { mkdirSync, copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gatherCertificateFacts } from '../../src/certs/gather.js';
import { makeCertificateFixtures } from './fixtures.js';

const fx = makeCertificateFixtures();
const options = { cwd: fx.dir, configDir: fx.dir };

describe('gatherCertificateFacts', () => {
  it('reads a bootstrap CA, client pair and listener pair, with chain and key match', async () => {
    const facts = await gatherCertificateFacts('bootstrap', {
      bootstrap: { server: 'couchbases://cb', ca_cert_path: fx.caCert, x509_cert_path: fx.serverCert, x509_key_path: fx.serverKey },
      api: { https: { tls_cert_path: fx.selfSignedCert, tls_key_path: fx.selfSignedKey } },
    }, options);
    const byPointer = Object.fromEntries(facts.map((f) => [f.pointer, f]));
    expect(Object.keys(byPointer).sort()).toEqual([
      '/api/https/tls_cert_path', '/api/https/tls_key_path', '/bootstrap/ca_cert_path', '/bootstrap/x509_cert_path', '/bootstrap/x509_key_path',
    ]);
    expect(byPointer['/bootstrap/ca_cert_path']).toMatchObject({ role: 'ca', readable: true, subject: 'Test Root CA', certificateCount: 1 });
    expect(byPointer['/bootstrap/x509_cert_path']).toMatchObject({
      role: 'client-cert', subject: 'sg.example.com', signedByCa: true,
      pairPointer: '/bootstrap/x509_key_path', caPointer: '/bootstrap/ca_cert_path',
    });
    expect(byPointer['/bootstrap/x509_key_path']).toMatchObject({ role: 'client-key', matchesPair: true });
    expect(byPointer['/api/https/tls_key_path']).toMatchObject({ role: 'server-key', matchesPair: true });
    expect(byPointer['/api/https/tls_cert_path'].signedByCa).toBeUndefined();
    expect(new Date(byPointer['/bootstrap/x509_cert_path'].expires!).getTime()).toBeGreaterThan(Date.now());
  });

  it('finds a client certificate not signed by the CA and a key of another certificate', async () => {
    const facts = await gatherCertificateFacts('bootstrap', {
      bootstrap: { ca_cert_path: fx.caCert },
      database_credentials: { db1: { x509_cert_path: fx.selfSignedCert, x509_key_path: fx.otherKey } },
    }, options);
    expect(facts.find((f) => f.pointer === '/database_credentials/db1/x509_cert_path')).toMatchObject({ signedByCa: false });
    expect(facts.find((f) => f.pointer === '/database_credentials/db1/x509_key_path')).toMatchObject({ matchesPair: false });
  });

  it('records the expiry of an expired certificate', async () => {
    const [facts] = await gatherCertificateFacts('bootstrap', { api: { https: { tls_cert_path: fx.expiredCert } } }, options);
    expect(facts).toMatchObject({ expires: '2020-02-01T00:00:00.000Z', notBefore: '2020-01-01T00:00:00.000Z' });
  });

  it('tells unreadable from unparseable files, and never reads a key into the facts', async () => {
    const facts = await gatherCertificateFacts('legacy', {
      SSLCert: fx.notACertificate, SSLKey: fx.serverCert,
      databases: { db: { cacertpath: fx.missing, certpath: fx.derCert, keypath: fx.dir } },
    }, options);
    const byPointer = Object.fromEntries(facts.map((f) => [f.pointer, f]));
    expect(byPointer['/SSLCert']).toMatchObject({ readable: true, error: 'it holds no PEM certificate' });
    expect(byPointer['/SSLKey']).toMatchObject({ readable: true, error: 'it holds a certificate, not a private key' });
    expect(byPointer['/databases/db/cacertpath']).toMatchObject({ readable: false, error: 'the file does not exist' });
    expect(byPointer['/databases/db/certpath'].error).toMatch(/DER/);
    expect(byPointer['/databases/db/keypath']).toMatchObject({ readable: false, error: 'it is a folder, not a file' });
    expect(JSON.stringify(facts)).not.toMatch(/PRIVATE KEY/);
  });

  it('resolves relative paths against the working directory and hints when they sit beside the config', async () => {
    const configDir = path.join(fx.dir, 'config');
    mkdirSync(configDir, { recursive: true });
    copyFileSync(fx.caCert, path.join(configDir, 'beside.pem'));
    const facts = await gatherCertificateFacts('bootstrap', { bootstrap: { ca_cert_path: 'beside.pem' } }, { cwd: fx.dir, configDir });
    expect(facts[0]).toMatchObject({ readable: false, resolvedPath: path.join(fx.dir, 'beside.pem') });
    expect(facts[0].error).toMatch(/exists beside the config/);
    const found = await gatherCertificateFacts('bootstrap', { bootstrap: { ca_cert_path: 'ca.pem' } }, options);
    expect(found[0]).toMatchObject({ readable: true, subject: 'Test Root CA' });
  });

  it('skips empty paths and unexpanded environment references', async () => {
    const facts = await gatherCertificateFacts('bootstrap', { bootstrap: { ca_cert_path: '', x509_cert_path: '${CERT_DIR}/client.pem' } }, options);
    expect(facts).toEqual([]);
  });

  it('accepts a client certificate file that carries its chain', async () => {
    const facts = await gatherCertificateFacts('legacy', {
      databases: { db: { cacertpath: fx.caCert, certpath: fx.bundle, keypath: fx.serverKey } },
    }, options);
    expect(facts.find((f) => f.role === 'client-cert')).toMatchObject({ certificateCount: 2, subject: 'sg.example.com', signedByCa: true });
    expect(facts.find((f) => f.role === 'client-key')).toMatchObject({ matchesPair: true });
  });

  it('reads a file named by several databases, and one holding both a certificate and its key, for each role', async () => {
    const combined = path.join(fx.dir, 'combined.pem');
    writeFileSync(combined, readFileSync(fx.serverCert, 'utf8') + readFileSync(fx.serverKey, 'utf8'));
    const facts = await gatherCertificateFacts('legacy', {
      databases: {
        a: { cacertpath: fx.caCert, certpath: combined, keypath: combined },
        b: { cacertpath: fx.caCert, certpath: fx.selfSignedCert, keypath: fx.selfSignedKey },
      },
    }, options);
    const byPointer = Object.fromEntries(facts.map((f) => [f.pointer, f]));
    expect(byPointer['/databases/a/cacertpath']).toMatchObject({ role: 'ca', subject: 'Test Root CA' });
    expect(byPointer['/databases/b/cacertpath']).toMatchObject({ role: 'ca', subject: 'Test Root CA' });
    expect(byPointer['/databases/a/certpath']).toMatchObject({ subject: 'sg.example.com', signedByCa: true });
    expect(byPointer['/databases/a/keypath']).toMatchObject({ matchesPair: true });
    expect(byPointer['/databases/b/certpath']).toMatchObject({ signedByCa: false });
  });
});
