// The key of a text in sgconf's caches: SHA-256 of its UTF-16 code units, so that no one can make two texts
// with one key (a cache on a CI runner outlives the pull requests it served: one must never choose the
// verdict another's text gets). Written here, on the code units as they are, because node:crypto brings
// Node's streams with it: some 5 ms of every cold start that needs no other crypto (bench a). Past
// 256 Ki code units in one thread (a config of megabytes of functions), node:crypto's, ten times
// faster, gives the same digests (nodeCryptoPast).
import { createRequire } from 'node:module';

type NodeCrypto = typeof import('node:crypto');

/**
 * For a digest written here because loading node:crypto costs a start more than it saves on small inputs:
 * told the size of each input, gives null while this thread has digested at most `budget` in all, and
 * node:crypto (loaded once) from then on, whose digests are the same and far faster on large inputs.
 */
export function nodeCryptoPast(budget: number): (size: number) => NodeCrypto | null {
  let digested = 0;
  let loaded: NodeCrypto | null = null;
  return (size) => {
    if (!loaded && (digested += size) <= budget) return null;
    return (loaded ??= createRequire(import.meta.url)('node:crypto') as NodeCrypto);
  };
}

/** node:crypto past 256 Ki code units digested here. */
const cryptoFor = nodeCryptoPast(256 * 1024);

const ROUND_CONSTANTS = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const INITIAL_STATE = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

/** SHA-256 of a text's UTF-16 code units, little-endian, lone surrogates as they are, as 64 hex digits. */
export function textDigest(text: string): string {
  const nodeCrypto = cryptoFor(text.length);
  return nodeCrypto ? nodeCrypto.createHash('sha256').update(text, 'utf16le').digest('hex') : digestHere(text);
}

/** textDigest without node:crypto. */
export function digestHere(text: string): string {
  const state = new Int32Array(INITIAL_STATE);
  const schedule = new Int32Array(64);
  const units = text.length;
  // The message is 2 bytes a unit, then 0x80, zeros, and its length in bits: one 32-bit word holds two units.
  const blocks = Math.ceil((units * 2 + 9) / 64);
  for (let block = 0; block < blocks; block++) {
    for (let j = 0; j < 16; j++) schedule[j] = messageWord(text, units, blocks, block * 16 + j);
    compress(state, schedule);
  }
  let hex = '';
  for (const word of state) hex += (word >>> 0).toString(16).padStart(8, '0');
  return hex;
}

/** The message's big-endian word `k` (its bytes 4k to 4k + 3). */
function messageWord(text: string, units: number, blocks: number, k: number): number {
  const first = 2 * k;
  if (first + 1 < units) {
    const a = text.charCodeAt(first), b = text.charCodeAt(first + 1);
    return ((a & 0xff) << 24) | ((a >>> 8) << 16) | ((b & 0xff) << 8) | (b >>> 8);
  }
  if (first + 1 === units) {
    const a = text.charCodeAt(first);
    return ((a & 0xff) << 24) | ((a >>> 8) << 16) | 0x8000;
  }
  if (first === units) return 0x80000000 | 0;
  const bits = units * 16;
  if (k === blocks * 16 - 2) return Math.floor(bits / 0x100000000) | 0;
  if (k === blocks * 16 - 1) return bits | 0;
  return 0;
}

function compress(state: Int32Array, w: Int32Array): void {
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15]!, y = w[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = state[0]!, b = state[1]!, c = state[2]!, d = state[3]!, e = state[4]!, f = state[5]!, g = state[6]!, h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + s1 + ((e & f) ^ (~e & g)) + ROUND_CONSTANTS[i]! + w[i]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0; state[1] = (state[1]! + b) | 0; state[2] = (state[2]! + c) | 0; state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0; state[5] = (state[5]! + f) | 0; state[6] = (state[6]! + g) | 0; state[7] = (state[7]! + h) | 0;
}
