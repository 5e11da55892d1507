import { describe, expect, it } from 'vitest';
import { textDigest } from '../src/text-hash.js';

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
});
