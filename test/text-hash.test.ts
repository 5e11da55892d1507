// The key of a text in sgconf's caches (src/text-hash.ts): SHA-256 of its UTF-16 code units.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nodeCryptoPast, textDigest } from '../src/text-hash.js';

describe('textDigest', () => {
  it('is SHA-256 of the text\'s UTF-16 code units', () => {
    expect(textDigest('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(textDigest('ab')).toBe(createHash('sha256').update(Buffer.from([0x61, 0, 0x62, 0])).digest('hex'));
  });

  it('tells apart texts that UTF-8 would make one: a lone surrogate and U+FFFD', () => {
    expect(textDigest('a\ud800')).not.toBe(textDigest('a\ufffd'));
    expect(textDigest('\ud83d\ude00')).not.toBe(textDigest('\ude00\ud83d'));
  });
});

describe('nodeCryptoPast, which hands a digest written here over to node:crypto', () => {
  it('gives nothing until the thread has digested more than its budget, then node:crypto for every input after', () => {
    const cryptoFor = nodeCryptoPast(10);
    expect([4, 6].map((size) => cryptoFor(size))).toEqual([null, null]);
    const taken = cryptoFor(1);
    expect(taken?.createHash('sha256').update('').digest('hex')).toBe(textDigest(''));
    expect(cryptoFor(0)).toBe(taken);
  });
});
