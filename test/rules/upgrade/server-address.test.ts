// The gateway's server address upgrade (reference 8.2.1), including the reference's own examples.
import { describe, expect, it } from 'vitest';
import { upgradeServerAddress } from '../../../src/rules/upgrade/server-address.js';

describe('upgradeServerAddress', () => {
  it.each([
    ['http://u:p@cb1:8091,cb2', 'couchbase://cb1,cb2', { username: 'u', password: 'p' }],
    ['couchbase://cb1', 'couchbase://cb1', undefined],
    ['couchbases://u:p@cb1?network=external', 'couchbases://cb1?network=external', { username: 'u', password: 'p' }],
    ['http://localhost:8091', 'couchbase://localhost', undefined],
    ['http://h', 'couchbase://h', undefined],
    ['couchbase://cb1:11210/bucket?b=2&a=1', 'couchbase://cb1:11210/bucket?a=1&b=2', undefined],
    ['cb1', 'cb1', undefined],
    ['couchbase://u@cb1', 'couchbase://cb1', undefined],
    ['couchbase://u:@cb1', 'couchbase://cb1', { username: 'u', password: '' }],
  ])('%s -> %s', (input, server, credentials) => {
    const result = upgradeServerAddress(input);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.server).toBe(server);
      expect(result.credentials).toEqual(credentials);
    }
  });

  it.each(['walrus:', 'walrus:data', 'rosmar:', 'file:///tmp/x', '/var/db', './data'])('test store %s is unchanged', (input) => {
    expect(upgradeServerAddress(input)).toEqual({ ok: true, server: input, testStore: true });
  });

  it('refuses an http port other than 8091 and keeps the address', () => {
    const result = upgradeServerAddress('http://cb1:9000');
    expect(result).toMatchObject({ ok: false, reason: 'port', server: 'http://cb1:9000' });
  });

  it('refuses https:// (bad scheme) and keeps the address', () => {
    expect(upgradeServerAddress('https://cb1:18091')).toMatchObject({ ok: false, reason: 'scheme', server: 'https://cb1:18091' });
  });

  it('keeps different host orders different (plain string comparison later)', () => {
    const a = upgradeServerAddress('couchbase://h1,h2');
    const b = upgradeServerAddress('couchbase://h2,h1');
    expect(a.ok && b.ok && a.server !== b.server).toBe(true);
  });
});
