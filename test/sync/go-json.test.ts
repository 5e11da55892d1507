// The body the gateway hashes into a revision id is Go's encoding/json of a map: keys in byte order
// (sort.Strings), and <, >, &, U+2028 and U+2029 escaped (encoding/json HTMLEscape, on by default).
import { describe, expect, it } from 'vitest';
import { goJson } from '../../src/sync/gateway.js';

describe('goJson writes a body as Go marshals it', () => {
  it.each([
    ['keys in byte order', { b: 1, a: 2, B: 3 }, '{"B":3,"a":2,"b":1}'],
    ['array-index keys sorted as strings, not moved to the front', { b: 1, 10: 2, 7: 3 }, '{"10":2,"7":3,"b":1}'],
    ['nested objects and arrays', { z: [{ y: 1, x: 2 }], a: { d: null, c: true } }, '{"a":{"c":true,"d":null},"z":[{"x":2,"y":1}]}'],
    ['HTML characters escaped, in keys and values', { '<k>': 'a&b', v: '\u2028\u2029' }, '{"\\u003ck\\u003e":"a\\u0026b","v":"\\u2028\\u2029"}'],
    ['a key beyond U+FFFF sorts after U+E000-U+FFFF, as UTF-8 bytes do', { '\u{1F600}': 1, '\uFFFF': 2 }, '{"\uFFFF":2,"\u{1F600}":1}'],
    ['__proto__ is an ordinary key', JSON.parse('{"__proto__": 1, "a": 2}'), '{"__proto__":1,"a":2}'],
  ])('%s', (_name, value, expected) => {
    expect(goJson(value)).toBe(expected);
  });
});
