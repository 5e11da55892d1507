// A digest of a text for cache keys, without node:crypto: loading it (and the streams it brings) costs a
// cold start some 10 ms (issue 6), more than hashing the functions of a config.

/**
 * 128 bits of a text (its UTF-16 code units), as 32 hex digits, with its length: two multiply-xorshift
 * lanes per 64-bit half, each half from its own seed. Not for secrets or hostile collisions: a key of
 * sgconf's own caches, which at worst answer for a text they did not see.
 */
export function textDigest(text: string): string {
  return `${text.length.toString(16)}-${half(text, 0)}${half(text, 0x9e3779b9)}`;
}

function half(text: string, seed: number): string {
  let a = 0xdeadbeef ^ seed;
  let b = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    a = Math.imul(a ^ unit, 0x9e3779b1);
    b = Math.imul(b ^ unit, 0x5f356495);
  }
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b) ^ Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  b = Math.imul(b ^ (b >>> 16), 0x85ebca6b) ^ Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
