// A digest of a text for cache keys, without node:crypto: loading it (and the streams it brings) costs a
// cold start some 10 ms (issue 6), more than hashing the functions of a config.

/**
 * 128 bits of a text (its UTF-16 code units), as 32 hex digits, with its length: two multiply-xorshift
 * lanes per 64-bit half, each half from its own seed. Not for secrets or hostile collisions: a key of
 * sgconf's own caches, which at worst answer for a text they did not see.
 */
export function textDigest(text: string): string {
  // Both halves in one pass over the text (a large config's functions are megabytes of it).
  const seed = 0x9e3779b9;
  let a0 = 0xdeadbeef;
  let b0 = 0x41c6ce57;
  let a1 = 0xdeadbeef ^ seed;
  let b1 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    a0 = Math.imul(a0 ^ unit, 0x9e3779b1);
    b0 = Math.imul(b0 ^ unit, 0x5f356495);
    a1 = Math.imul(a1 ^ unit, 0x9e3779b1);
    b1 = Math.imul(b1 ^ unit, 0x5f356495);
  }
  return `${text.length.toString(16)}-${finish(a0, b0)}${finish(a1, b1)}`;
}

/** One 64-bit half, as 16 hex digits, from its two lanes. */
function finish(a: number, b: number): string {
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b) ^ Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  b = Math.imul(b ^ (b >>> 16), 0x85ebca6b) ^ Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
