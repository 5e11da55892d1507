// SHA-256 of a text's UTF-16 code units, run by a small WebAssembly module (assembly.ts), for the cache keys
// of a cold start (text-hash.ts). A cold lint runs its JavaScript in V8's interpreter (sgconf's V8 flags turn
// Sparkplug off), where SHA-256 written in JavaScript took about 0.7 ms a KiB of function text, 4-6 ms of a
// 100 ms lint; V8's baseline WebAssembly compiler runs the same rounds about eight times faster, and
// node:crypto would cost more to load (its streams) than it saves on a few KiB.
import { LAYOUT } from './layout.js';
import { SHA256_MODULE } from './module.generated.js';

const INITIAL_STATE = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

interface Sha256Module {
  memory: WebAssembly.Memory;
  blocks: (count: number) => void;
}
let instance: Sha256Module | null = null;

/** SHA-256 of the text's UTF-16 code units, little-endian, lone surrogates as they are, as 64 hex digits. */
export function sha256Utf16(text: string): string {
  instance ??= new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(SHA256_MODULE, 'base64'))).exports as unknown as Sha256Module;
  const { memory, blocks } = instance;
  const bytes = text.length * 2;
  const count = Math.ceil((bytes + 9) / 64);
  const end = LAYOUT.message + count * 64;
  if (end > memory.buffer.byteLength) memory.grow(Math.ceil((end - memory.buffer.byteLength) / 65536));
  const message = Buffer.from(memory.buffer, LAYOUT.message, count * 64);
  message.write(text, 0, bytes, 'utf16le');
  // The padding: 0x80, zeros, the length in bits as a big-endian 64-bit number.
  message.fill(0, bytes);
  message[bytes] = 0x80;
  const bits = bytes * 8;
  message.writeUInt32BE(Math.floor(bits / 0x100000000), count * 64 - 8);
  message.writeUInt32BE(bits >>> 0, count * 64 - 4);
  const state = new Int32Array(memory.buffer, LAYOUT.state, 8);
  state.set(INITIAL_STATE);
  blocks(count);
  let hex = '';
  for (const word of state) hex += (word >>> 0).toString(16).padStart(8, '0');
  return hex;
}
