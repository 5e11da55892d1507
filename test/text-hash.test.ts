import { describe, expect, it } from 'vitest';
import { textDigest } from '../src/text-hash.js';

/** Digests of the two-pass form this one replaced: the keys of caches users already have. */
const KNOWN: Record<string, string> = {
  '': '0-1aee8d83488bdcb8583afc3ba650c329',
  'function (doc) { channel(doc.channels); }': '29-9cb63df331165c4b7628a91ece955953',
  'caf\u00e9 \ud83d\ude00': '7-1d56287d26b1602df9cac518a08aeabb',
};

describe('textDigest', () => {
  it('is the same for the same text, in any run', () => {
    expect(textDigest('function (doc) { channel(doc.channels); }')).toBe(textDigest('function (doc) { channel(doc.channels); }'));
    expect(textDigest('')).toMatch(/^0-[0-9a-f]{32}$/);
  });

  it('tells apart texts that differ by one character, by order or by length', () => {
    const texts = ['a', 'b', 'ab', 'ba', 'aa', 'a\u0000', 'function(doc){}', 'function(doc){ }', 'x'.repeat(1000), 'x'.repeat(1001)];
    for (let i = 0; i < 2000; i++) texts.push(`function (doc) { if (doc.n === ${i}) throw({forbidden: "no"}); }`);
    const digests = new Set(texts.map(textDigest));
    expect(digests.size).toBe(texts.length);
  });

  it('changes both halves of the digest when one character changes', () => {
    const [a, b] = [textDigest('abc'), textDigest('abd')];
    expect(a.slice(2, 18)).not.toBe(b.slice(2, 18));
    expect(a.slice(18)).not.toBe(b.slice(18));
  });

  it('gives the digests it gave when each half had its own pass (the keys of caches already written)', () => {
    expect(textDigest('')).toBe(KNOWN['']);
    expect(textDigest('function (doc) { channel(doc.channels); }')).toBe(KNOWN['function (doc) { channel(doc.channels); }']);
    expect(textDigest('caf\u00e9 \ud83d\ude00')).toBe(KNOWN['caf\u00e9 \ud83d\ude00']);
  });
});
