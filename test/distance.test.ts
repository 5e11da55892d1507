// The distance behind "did you mean" and misspelt secret fields: a table of pairs, each distance also checked
// against a plain full-table computation, so that the bounded early exit never changes an answer.
import { describe, expect, it } from 'vitest';
import { boundedDistance, closestMatch, withinOneEdit } from '../src/distance.js';

/** The same distance without bounds or reused rows: insertions, deletions, substitutions, neighbour swaps. */
function fullDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  const d = Array.from({ length: s.length + 1 }, (_, i) => Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[s.length]![t.length]!;
}

describe('boundedDistance', () => {
  it.each([
    ['password', 'password', 0],
    ['Password', 'password', 0],
    ['pasword', 'password', 1],
    ['passwrod', 'password', 1],
    ['secert', 'secret', 1],
    ['sercet', 'secret', 1],
    ['tokne', 'token', 1],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['kitten', 'sitting', 3],
    ['ca', 'abc', 3],
  ])('%j and %j are %i apart', (a, b, distance) => {
    expect(boundedDistance(a, b, 10)).toBe(distance);
    expect(fullDistance(a, b)).toBe(distance);
  });

  it('answers bound + 1 for every pair further apart than the bound, and the distance otherwise', () => {
    const words = ['password', 'passwd', 'secret', 'token', 'credential', 'apikey', 'bucket', 'bukcet', 'server', 'sever', 'x'.repeat(70), `${'x'.repeat(69)}y`];
    for (const a of words) {
      for (const b of words) {
        const full = fullDistance(a, b);
        for (const bound of [0, 1, 2, 3]) expect(boundedDistance(a, b, bound)).toBe(Math.min(full, bound + 1));
      }
    }
  });
});

describe('withinOneEdit', () => {
  it.each([
    ['password', 'password', true],
    ['pasword', 'password', true],
    ['passwrod', 'password', true],
    ['passwordx', 'password', true],
    ['xpassword', 'password', true],
    ['pasword', 'passwd', false],
    ['secert', 'secret', true],
    ['tkoen', 'token', true],
    ['tekon', 'token', false],
    ['', 'a', true],
    ['', 'ab', false],
  ])('%j and %j: %s', (a, b, within) => {
    expect(withinOneEdit(a, b)).toBe(within);
  });

  it('agrees with the full table for every pair of names of up to four letters of three', () => {
    const names = [''];
    for (let length = 1; length <= 4; length++) {
      for (const name of names.filter((n) => n.length === length - 1)) names.push(...['a', 'b', 'c'].map((letter) => name + letter));
    }
    expect(names).toHaveLength(121);
    const disagreements = names.flatMap((a) => names.filter((b) => withinOneEdit(a, b) !== (fullDistance(a, b) <= 1)).map((b) => [a, b]));
    expect(disagreements).toEqual([]);
  });
});

describe('closestMatch', () => {
  it('names the closest candidate within a typo\'s distance, or none', () => {
    expect(closestMatch('buckte', ['bucket', 'server', 'pool'])).toBe('bucket');
    expect(closestMatch('zzz', ['bucket', 'server'])).toBeUndefined();
  });
});
