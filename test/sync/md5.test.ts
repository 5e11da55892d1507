// The revision ID's digest (src/sync/md5.ts): MD5 written here, so that a sandbox worker need not load
// node:crypto, which it uses past 256 KiB.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5Here, md5Hex } from '../../src/sync/md5.js';

const nodeMd5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

describe('MD5 written here', () => {
  // RFC 1321's test suite.
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
    ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
    ['1234567890'.repeat(8), '57edf4a22be3c955ac49da2e2107b67a'],
  ])('MD5("%s") = %s, as RFC 1321 gives it', (text, digest) => {
    expect(md5Here(Buffer.from(text, 'latin1'))).toBe(digest);
  });

  it('equals node:crypto\'s for every length around the block edges, random bytes, and a body of megabytes', () => {
    let seed = 11;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24;
    for (let length = 0; length < 300; length++) {
      const bytes = Uint8Array.from({ length }, random);
      expect(md5Here(bytes), `length ${length}`).toBe(nodeMd5(bytes));
    }
    const large = Buffer.from('{"channels":["a","b"],"text":"\u00e9\u2028\ud83d\ude00"}'.repeat(40_000), 'utf8');
    expect(md5Here(large)).toBe(nodeMd5(large));
  });

  it('md5Hex gives the same digests before and after node:crypto takes over (past 256 KiB in a thread)', () => {
    const body = Buffer.from('x'.repeat(100_000));
    const digests = Array.from({ length: 4 }, (_, i) => md5Hex(Buffer.concat([Buffer.from([i]), body])));
    expect(digests).toEqual(Array.from({ length: 4 }, (_, i) => nodeMd5(Buffer.concat([Buffer.from([i]), body]))));
  });
});
