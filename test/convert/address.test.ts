// The server address upgrade (reference 8.2.1) and Go duration strings.
import { describe, expect, it } from 'vitest';
import { upgradeServerAddress } from '../../src/convert/address.js';
import { secondsToGoDuration } from '../../src/convert/duration.js';

describe('server address upgrade', () => {
  const rows: [string, string, { username: string; password: string } | undefined][] = [
    ['http://u:p@cb1:8091,cb2', 'couchbase://cb1,cb2', { username: 'u', password: 'p' }],
    ['couchbase://cb1', 'couchbase://cb1', undefined],
    ['couchbases://u:p@cb1?network=external', 'couchbases://cb1?network=external', { username: 'u', password: 'p' }],
    ['http://localhost:8091', 'couchbase://localhost', undefined],
    ['http://localhost:8091/', 'couchbase://localhost', undefined],
    ['http://user@cb1:8091', 'couchbase://cb1', undefined],
    ['couchbases://cb1?b=2&a=1', 'couchbases://cb1?a=1&b=2', undefined],
    ['couchbases://127.0.0.1:', 'couchbases://127.0.0.1', undefined],
    ['couchbase://cb1:11210/bucket', 'couchbase://cb1:11210/bucket', undefined],
    ['cb-service:8091', 'cb-service:8091', undefined],
    ['walrus:', 'walrus:', undefined],
    ['walrus:data', 'walrus:data', undefined],
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

  it('refuses an http:// port other than 8091 and keeps the original', () => {
    const out = upgradeServerAddress('http://cb1:9000');
    expect(out.error).toMatch(/port 9000/);
    expect(out.address).toBe('http://cb1:9000');
  });

  it('refuses https:// (not a connection string scheme)', () => {
    expect(upgradeServerAddress('https://cb1:18091').error).toMatch(/scheme "https(:\/\/)?"/);
  });
});

describe('Go durations', () => {
  const rows: [number, string][] = [[0, '0s'], [1, '1s'], [30, '30s'], [59, '59s'], [60, '1m0s'], [90, '1m30s'], [3600, '1h0m0s'], [3661, '1h1m1s'], [86400, '24h0m0s'], [0.25, '250ms'], [1.5, '1.5s'], [-90, '-1m30s']];
  for (const [seconds, text] of rows) it(`${seconds} -> ${text}`, () => expect(secondsToGoDuration(seconds)).toBe(text));
});
