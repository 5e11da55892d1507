// Every regular expression that runs on config text, fed the worst input it can get: each must stay
// linear. Bounds are generous (seconds for 100 KB-1 MB): the point is "no quadratic blow-up".
import { describe, expect, it } from 'vitest';
import { collectSecrets, collectSecretsFromText, redactUrlCredentials, scrub } from '../../src/secrets.js';
import { parseCertificates, parsePrivateKey } from '../../src/certs/pem.js';
import { lintText } from '../../src/lint.js';

const within = (limitMs: number, run: () => unknown): void => {
  const started = performance.now();
  run();
  expect(performance.now() - started).toBeLessThan(limitMs);
};
const long = 'a'.repeat(200_000);

describe('linear on hostile text', () => {
  it.each([
    ['URL credentials in a text without "@"', () => redactUrlCredentials(`x://${long}`)],
    ['URL credentials after many schemes', () => redactUrlCredentials('a://'.repeat(100_000))],
    ['secrets of a value without "@"', () => collectSecrets({ server: `x://${long}:${long}` })],
    ['secrets in a config text', () => collectSecretsFromText(`"u": "x://${long}:${long}"`)],
    ['scrubbing a long message', () => scrub(`x://${long}`, ['secret-value', 'another-one'])],
    ['a file of BEGIN lines without END', () => parseCertificates('-----BEGIN CERTIFICATE-----\n'.repeat(40_000))],
    ['a key file of BEGIN lines without END', () => parsePrivateKey('-----BEGIN RSA PRIVATE KEY-----\n'.repeat(40_000))],
  ])('%s', (_name, run) => {
    within(3000, run);
  });

  it('the credentials-in-URL rule on a 100 KB server value', async () => {
    const started = performance.now();
    const result = await lintText(JSON.stringify({ bootstrap: { server: `couchbases://${'a:'.repeat(50_000)}` } }), 'sg.json', { env: {}, remote: false });
    expect(result.kind).toBe('bootstrap');
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('50,000 findings in one large function are found in seconds; the first 1,000 listed each at its own line and column, then one that counts the rest', async () => {
    const body = Array.from({ length: 50_000 }, (_, i) => `chanel(doc.x${i});`).join('\n');
    const started = performance.now();
    const result = await lintText(JSON.stringify({ name: 'db', sync: `function (doc) {\n${body}\n}` }), 'db.json', { env: {}, remote: false });
    expect(performance.now() - started).toBeLessThan(20_000);
    const found = result.diagnostics.filter((d) => d.rule === 'functions/misspelled-helper');
    expect(found).toHaveLength(1001);
    const listed = found.filter((d) => !d.message.startsWith('and '));
    expect(listed[999]!.column - listed[0]!.column).toBeGreaterThan(15_000);
    expect(new Set(listed.map((d) => d.column)).size).toBe(1000);
    expect(found.find((d) => d.message.startsWith('and '))!.message).toBe('and 49000 more functions/misspelled-helper findings in this file, not listed (the first 1000 are)');
  });

  it('the scanners still find what the patterns found', () => {
    expect(redactUrlCredentials('see https://user:pw123@host/x and ftp://token12345678@h')).toBe('see https://user:****@host/x and ftp://****@h');
    expect(collectSecrets({ u: 'couchbases://sg:s3cret@cb' })).toEqual(['s3cret']);
    expect(collectSecretsFromText('{"remote": "https://u:hunter2@host/db"}')).toEqual(['hunter2']);
  });
});
