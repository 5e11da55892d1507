// The server address upgrade (reference 8.2.1) and Go duration strings.
import { describe, expect, it } from 'vitest';
import { upgradeServerAddress } from '../../src/convert/address.js';
import { secondsToGoDuration } from '../../src/convert/duration.js';

// The address upgrade itself is tested with its module (test/rules/upgrade/server-address.test.ts); these
// rows are what the converter's wrapper adds: environment references carried through, test stores flagged,
// and a few address shapes that table does not hold.
describe('server address upgrade, as the converter uses it', () => {
  const rows: [string, string, { username: string; password: string } | undefined][] = [
    ['http://localhost:8091/', 'couchbase://localhost', undefined],
    ['http://user@cb1:8091', 'couchbase://cb1', undefined],
    ['couchbases://127.0.0.1:', 'couchbases://127.0.0.1', undefined],
    ['cb-service:8091', 'cb-service:8091', undefined],
    ['http://$COUCHBASE_CLUSTER_IP:8091', 'couchbase://$COUCHBASE_CLUSTER_IP', undefined],
    ['http://${CB_USER}:${CB_PASS:-x}@${CB_HOST}:8091', 'couchbase://${CB_HOST}', { username: '${CB_USER}', password: '${CB_PASS:-x}' }],
  ];
  for (const [input, address, credentials] of rows) {
    it(`${input} -> ${address}`, () => {
      const out = upgradeServerAddress(input);
      expect(out.error).toBeUndefined();
      expect(out.address).toBe(address);
      expect(out.credentials).toEqual(credentials);
    });
  }

  it('says whether the address holds environment references or names a test store', () => {
    expect(upgradeServerAddress('couchbases://${CB_HOST}')).toMatchObject({ hasEnvReference: true, testStore: false });
    expect(upgradeServerAddress('walrus:data')).toMatchObject({ address: 'walrus:data', hasEnvReference: false, testStore: true });
  });

  it('a refusal keeps the original address, references as written', () => {
    const out = upgradeServerAddress('http://${CB_HOST}:9000');
    expect(out.error).toMatch(/port 9000/);
    expect(out.address).toBe('http://${CB_HOST}:9000');
  });
});

describe('Go durations', () => {
  const rows: [number, string][] = [[0, '0s'], [1, '1s'], [30, '30s'], [59, '59s'], [60, '1m0s'], [90, '1m30s'], [3600, '1h0m0s'], [3661, '1h1m1s'], [86400, '24h0m0s'], [0.25, '250ms'], [1.5, '1.5s'], [-90, '-1m30s']];
  for (const [seconds, text] of rows) it(`${seconds} -> ${text}`, () => expect(secondsToGoDuration(seconds)).toBe(text));
});
