import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import { makeCertificateFixtures } from '../certs/fixtures.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const fx = makeCertificateFixtures();

async function cert(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; }, cwd: fx.dir, env: {}, isTTY: false };
  const code = await main(['cert', ...args], io);
  return { code, stdout, stderr };
}

describe('sgconf cert', () => {
  it('prints the certificate object as JSON', async () => {
    const { code, stdout, stderr } = await cert(fx.serverCert, '--format', 'json');
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const object = JSON.parse(stdout);
    expect(Object.keys(object)).toEqual(['type', 'pem', 'subject', 'expires', 'warnings']);
    expect(object).toMatchObject({ type: 'uploaded', subject: 'sg.example.com', warnings: [] });
    expect(object.expires).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(object.pem.trim()).toBe(readFileSync(fx.serverCert, 'utf8').trim());
  });

  it('says nothing against a CA that signed it', async () => {
    const { code, stdout } = await cert(fx.serverCert, '--ca', fx.caCert, '--format', 'json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout).warnings).toEqual([]);
  });

  it('warns when the certificate is not signed by the --ca', async () => {
    const { code, stdout } = await cert('self.pem', '--ca', 'ca.pem', '--format', 'json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout).warnings).toEqual([{ node: 'self.pem', message: 'Certificate is not signed with cluster CA.' }]);
  });

  it('warns for expired and soon-expiring certificates', async () => {
    const expired = JSON.parse((await cert(fx.expiredCert, '--format', 'json')).stdout);
    expect(expired).toMatchObject({ subject: 'expired.example.com', expires: '2020-02-01T00:00:00.000Z' });
    expect(expired.warnings).toEqual([{ node: fx.expiredCert, message: 'Certificate is expired.' }]);
    const soon = await cert(fx.expiringCert, '--format', 'json');
    expect(soon.code).toBe(0);
    expect(JSON.parse(soon.stdout).warnings).toEqual([{ node: fx.expiringCert, message: 'Certificate will expire soon.' }]);
  });

  it('warns when the file holds more than one certificate and points at the trusted-CAs API', async () => {
    const { code, stdout } = await cert(fx.bundle, '--format', 'json');
    expect(code).toBe(0);
    const object = JSON.parse(stdout);
    expect(object.subject).toBe('sg.example.com');
    expect(object.warnings).toHaveLength(1);
    expect(object.warnings[0].message).toMatch(/2 certificates.*single root CA.*loadTrustedCAs/);
  });

  it('answers Malformed certificate with exit 1 for a file that is not a certificate', async () => {
    for (const file of [fx.notACertificate, fx.serverKey]) {
      const json = await cert(file, '--format', 'json');
      expect(json.code).toBe(1);
      expect(JSON.parse(json.stdout)).toMatchObject({ error: 'Malformed certificate', file });
      expect(json.stdout).not.toMatch(/PRIVATE KEY/);
      const text = await cert(file);
      expect(text.code).toBe(1);
      expect(text.stdout).toContain(`${file}: Malformed certificate`);
    }
  });

  it('answers Malformed certificate for a --ca that is not a certificate', async () => {
    const { code, stdout } = await cert(fx.serverCert, '--ca', fx.notACertificate);
    expect(code).toBe(1);
    expect(stdout).toContain('Malformed certificate');
  });

  it('prints text by default', async () => {
    const { code, stdout } = await cert(path.relative(fx.dir, fx.expiredCert));
    expect(code).toBe(0);
    expect(stdout).toContain('type:     uploaded');
    expect(stdout).toContain('subject:  expired.example.com');
    expect(stdout).toContain('expires:  2020-02-01T00:00:00.000Z');
    expect(stdout).toContain('  - expired.pem: Certificate is expired.');
    expect(stdout).toContain('-----BEGIN CERTIFICATE-----');
  });

  it('exits 1 for a file that does not exist', async () => {
    const { code, stdout } = await cert(fx.missing);
    expect(code).toBe(1);
    expect(stdout).toContain('cannot read the file: no such file or directory');
  });

  it('exits 2 on misuse', async () => {
    expect((await cert()).code).toBe(2);
    expect((await cert(fx.serverCert, '--format', 'yaml')).code).toBe(2);
    expect((await cert(fx.serverCert, '--bogus')).code).toBe(2);
    expect((await cert(fx.serverCert, fx.caCert)).code).toBe(2);
    const help = await cert('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: sgconf cert');
  });
});
