// The SHA-256 compression function as a WebAssembly module, written as its instructions. Not loaded at run
// time: `node scripts/sha256-module.mjs` (after `npm run build`) writes its bytes to module.generated.ts,
// and test/sha256.test.ts checks that file against this one.

import { unsignedLeb128 } from '../leb128.js';
import { LAYOUT } from './layout.js';

const ROUND_CONSTANTS = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

// The instructions used, by their opcodes in the WebAssembly binary format (the core spec, section 5.4).
const unsigned = unsignedLeb128;
const signed = (value: number): number[] => {
  const bytes: number[] = [];
  for (value |= 0; ;) {
    const low = value & 0x7f;
    value >>= 7;
    const done = (value === 0 && (low & 0x40) === 0) || (value === -1 && (low & 0x40) !== 0);
    bytes.push(done ? low : low | 0x80);
    if (done) return bytes;
  }
};
const get = (local: number) => [0x20, local];
const set = (local: number) => [0x21, local];
const tee = (local: number) => [0x22, local];
const constant = (value: number) => [0x41, ...signed(value)];
/** The 32-bit word at the address on the stack plus `offset`. */
const load = (offset: number) => [0x28, 2, ...unsigned(offset)];
const store = (offset: number) => [0x36, 2, ...unsigned(offset)];
const [add, sub, and, or, xor, lessThan, isZero] = [[0x6a], [0x6b], [0x71], [0x72], [0x73], [0x49], [0x45]];
const [shiftRight, rotateLeft, rotateRight] = [[0x76], [0x77], [0x78]];
const loop = (...body: number[][]) => [0x03, 0x40, ...body.flat(), 0x0b];
const block = (...body: number[][]) => [0x02, 0x40, ...body.flat(), 0x0b];
const branchIf = (depth: number) => [0x0d, depth];
const branch = (depth: number) => [0x0c, depth];

// The function's locals: its parameter (how many 64-byte blocks), then its own. (Unrolled rounds with
// turning roles were measured: no faster under V8's baseline compiler, and 13 times the bytes.)
const BLOCKS = 0, AT = 1, I = 2, TEMP = 3, T1 = 4, T2 = 5;
const WORKING = [6, 7, 8, 9, 10, 11, 12, 13];
const [A, B, C, D, E, F, G, H] = WORKING as [number, number, number, number, number, number, number, number];
const LOCALS = 13;

/** rotr(x, r1) ^ rotr(x, r2) ^ (rotr or shr)(x, r3), x in a local. */
const sigma = (x: number, r1: number, r2: number, r3: number, lastShifts: boolean) => [
  get(x), constant(r1), rotateRight, get(x), constant(r2), rotateRight, xor,
  get(x), constant(r3), lastShifts ? shiftRight : rotateRight, xor,
].flat();
/** `I` plus 4 until it reaches `end` (bytes), then on. */
const nextWord = (end: number) => [get(I), constant(4), add, tee(I), constant(end), lessThan, branchIf(0)].flat();

/** blocks(n): the compression of n blocks of the big-endian message at LAYOUT.message into the state. */
const COMPRESS = [
  block(loop(
    get(BLOCKS), isZero, branchIf(1),
    // The schedule's first 16 words: the block's, each byte-swapped (memory is little-endian).
    constant(0), set(I),
    loop(
      get(I),
      get(AT), get(I), add, load(LAYOUT.message), tee(TEMP), constant(8), rotateLeft, constant(0x00ff00ff), and,
      get(TEMP), constant(8), rotateRight, constant(0xff00ff00), and, or,
      store(LAYOUT.schedule),
      nextWord(64),
    ),
    // w[i] = σ1(w[i-2]) + w[i-7] + σ0(w[i-15]) + w[i-16]
    loop(
      get(I),
      get(I), load(LAYOUT.schedule - 8), set(TEMP), sigma(TEMP, 17, 19, 10, true),
      get(I), load(LAYOUT.schedule - 28), add,
      get(I), load(LAYOUT.schedule - 60), set(TEMP), sigma(TEMP, 7, 18, 3, true), add,
      get(I), load(LAYOUT.schedule - 64), add,
      store(LAYOUT.schedule),
      nextWord(256),
    ),
    ...WORKING.map((local, k) => [constant(0), load(LAYOUT.state + 4 * k), set(local)].flat()),
    constant(0), set(I),
    loop(
      // t1 = h + Σ1(e) + ch(e, f, g) + k[i] + w[i], ch = g ^ (e & (f ^ g))
      get(H), sigma(E, 6, 11, 25, false), add,
      get(G), get(E), get(F), get(G), xor, and, xor, add,
      get(I), load(LAYOUT.roundConstants), add,
      get(I), load(LAYOUT.schedule), add, set(T1),
      // t2 = Σ0(a) + maj(a, b, c), maj = (a & b) | (c & (a | b))
      sigma(A, 2, 13, 22, false),
      get(A), get(B), and, get(C), get(A), get(B), or, and, or, add, set(T2),
      get(G), set(H), get(F), set(G), get(E), set(F), get(D), get(T1), add, set(E),
      get(C), set(D), get(B), set(C), get(A), set(B), get(T1), get(T2), add, set(A),
      nextWord(256),
    ),
    ...WORKING.map((local, k) => [constant(0), constant(0), load(LAYOUT.state + 4 * k), get(local), add, store(LAYOUT.state + 4 * k)].flat()),
    get(AT), constant(64), add, set(AT),
    get(BLOCKS), constant(1), sub, set(BLOCKS),
    branch(0),
  )),
].flat();

const section = (id: number, ...items: number[][]) => {
  const body = [...unsigned(items.length), ...items.flat()];
  return [id, ...unsigned(body.length), ...body];
};
const name = (text: string) => [text.length, ...Array.from(text, (c) => c.charCodeAt(0))];

/** The module: a memory (exported as `memory`), holding the round constants, and `blocks(n)`. */
export function sha256ModuleBytes(): Uint8Array<ArrayBuffer> {
  const code = [...unsigned(1), ...unsigned(LOCALS), 0x7f, ...COMPRESS, 0x0b];
  const constants = ROUND_CONSTANTS.flatMap((k) => [k & 0xff, (k >>> 8) & 0xff, (k >>> 16) & 0xff, k >>> 24]);
  return Uint8Array.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [0x60, 1, 0x7f, 0]), // type 0: (i32) -> ()
    ...section(3, [0]), // function 0 has type 0
    ...section(5, [0x00, 1]), // one memory, one page to start with
    ...section(7, [...name('memory'), 0x02, 0], [...name('blocks'), 0x00, 0]),
    ...section(10, [...unsigned(code.length), ...code]),
    ...section(11, [0x00, ...constant(LAYOUT.roundConstants), 0x0b, ...unsigned(constants.length), ...constants]),
  ]);
}

/** module.generated.ts for these bytes. */
export function renderModuleFile(bytes: Uint8Array): string {
  const base64 = Buffer.from(bytes).toString('base64');
  const lines = base64.match(/.{1,100}/g)!.map((line) => `  '${line}' +`);
  return [
    '// Generated by scripts/sha256-module.mjs from src/sha256/assembly.ts: do not edit.',
    '/** The SHA-256 WebAssembly module (assembly.ts), base64. */',
    'export const SHA256_MODULE =',
    ...lines.slice(0, -1),
    `${lines[lines.length - 1]!.slice(0, -2)};`,
    '',
  ].join('\n');
}
