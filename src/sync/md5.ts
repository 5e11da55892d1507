// MD5, the digest of a new revision's ID (db/revision.go@4.1.1 CreateRevIDWithBytes). Written here because
// node:crypto costs a sandbox worker 8-17 ms of its start: under sgconf's V8 flags (src/launch.cts) V8 takes
// none of Node's cached code, so a worker compiles Node's crypto modules from source, on the path to a
// small suite's first answers. Past 256 KiB in one thread (a suite of large bodies), node:crypto's, far
// faster on large inputs, gives the same digests (text-hash.ts nodeCryptoPast, as for sgconf's SHA-256).
import { nodeCryptoPast } from '../text-hash.js';

const cryptoFor = nodeCryptoPast(256 * 1024);

/** MD5 of the bytes, as 32 hex digits. */
export function md5Hex(bytes: Uint8Array): string {
  const nodeCrypto = cryptoFor(bytes.length);
  return nodeCrypto ? nodeCrypto.createHash('md5').update(bytes).digest('hex') : md5Here(bytes);
}

/** floor(abs(sin(i + 1)) * 2^32), RFC 1321's table T. */
const T = new Int32Array([
  0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
  0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
  0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
  0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
  0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
  0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
  0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
  0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
]);
/** Each round's four rotations. */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

/** md5Hex without node:crypto. */
export function md5Here(bytes: Uint8Array): string {
  const length = bytes.length;
  // The message, then 0x80, zeros, and its length in bits (64 bits, little-endian): whole blocks of 64 bytes.
  const blocks = Math.floor((length + 8) / 64) + 1;
  const x = new Int32Array(16);
  const state = new Int32Array([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);
  for (let block = 0; block < blocks; block++) {
    for (let j = 0; j < 16; j++) x[j] = messageWord(bytes, block * 64 + j * 4);
    if (block === blocks - 1) {
      x[14] = (length * 8) | 0;
      x[15] = Math.floor(length / 0x20000000) | 0;
    }
    compress(state, x);
  }
  let hex = '';
  for (const word of state) {
    for (let k = 0; k < 4; k++) hex += ((word >>> (8 * k)) & 0xff).toString(16).padStart(2, '0');
  }
  return hex;
}

/** The little-endian word at `at` of the message padded with 0x80 and zeros. */
function messageWord(bytes: Uint8Array, at: number): number {
  if (at + 3 < bytes.length) return bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24);
  let word = 0;
  for (let k = 3; k >= 0; k--) {
    const i = at + k;
    word = (word << 8) | (i < bytes.length ? bytes[i]! : i === bytes.length ? 0x80 : 0);
  }
  return word;
}

function compress(state: Int32Array, x: Int32Array): void {
  let a = state[0]!, b = state[1]!, c = state[2]!, d = state[3]!;
  for (let i = 0; i < 64; i++) {
    let f: number, g: number;
    if (i < 16) {
      f = (b & c) | (~b & d);
      g = i;
    } else if (i < 32) {
      f = (d & b) | (~d & c);
      g = (5 * i + 1) & 15;
    } else if (i < 48) {
      f = b ^ c ^ d;
      g = (3 * i + 5) & 15;
    } else {
      f = c ^ (b | ~d);
      g = (7 * i) & 15;
    }
    const sum = (a + f + T[i]! + x[g]!) | 0;
    const s = SHIFTS[(i >> 4) * 4 + (i & 3)]!;
    a = d;
    d = c;
    c = b;
    b = (b + ((sum << s) | (sum >>> (32 - s)))) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
}
