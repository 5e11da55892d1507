// V8's compilation hints: a custom section, "compilationHints", with one byte per function of the module
// saying when V8 compiles it: as the module compiles (eager, on V8's background threads) or at its first
// call (lazy, on the thread that calls it). V8 reads it with --experimental-wasm-compilation-hints, and only
// with --no-wasm-lazy-compilation, where a function without a hint is compiled eagerly: every module sgconf
// compiles under those flags (src/launch.cts NODE_FLAGS) carries the section. Format (V8 11.3,
// src/wasm/module-decoder-impl.h DecodeCompilationHintsSection): the number of the module's own functions,
// then each one's byte: strategy (bits 0-1: 1 lazy, 2 eager), first tier and top tier (bits 2-3 and 4-5:
// 1 for the baseline compiler, Liftoff, the only one sgconf runs). V8 reads the section only before the
// code section. Another V8, or one without the flag, skips it as any custom section: nothing else changes.

import { readUnsignedLeb128, unsignedLeb128 } from '../leb128.js';

export const COMPILATION_HINTS_SECTION = 'compilationHints';
const LIFTOFF_TIERS = (1 << 2) | (1 << 4);
const LAZY = 1 | LIFTOFF_TIERS;
const EAGER = 2 | LIFTOFF_TIERS;
const CUSTOM_SECTION = 0;
const FUNCTION_SECTION = 3;
const CODE_SECTION = 10;

/**
 * The module's bytes with a hint for each of its own functions: those in `eager` (indices among the
 * module's own functions, as in its code section) compiled as the module compiles, every other at its first
 * call. The bytes as they are when they hold hints already (the build wrote them).
 */
export function withCompilationHints(bytes: Uint8Array, eager: ReadonlySet<number> = new Set()): Uint8Array {
  let functions = 0;
  let codeAt = -1;
  for (let at = 8; at < bytes.length;) {
    const id = bytes[at]!;
    const size = readUnsignedLeb128(bytes, at + 1);
    const start = size.next;
    if (id === CUSTOM_SECTION) {
      const name = readUnsignedLeb128(bytes, start);
      if (new TextDecoder().decode(bytes.subarray(name.next, name.next + name.value)) === COMPILATION_HINTS_SECTION) return bytes;
    }
    if (id === FUNCTION_SECTION) functions = readUnsignedLeb128(bytes, start).value;
    if (id === CODE_SECTION) {
      codeAt = at;
      break;
    }
    at = start + size.value;
  }
  if (codeAt < 0) return bytes;
  const name = new TextEncoder().encode(COMPILATION_HINTS_SECTION);
  const hints = new Uint8Array(functions);
  for (let i = 0; i < functions; i++) hints[i] = eager.has(i) ? EAGER : LAZY;
  const content = [...unsignedLeb128(name.length), ...name, ...unsignedLeb128(functions)];
  const section = [CUSTOM_SECTION, ...unsignedLeb128(content.length + hints.length), ...content];
  const out = new Uint8Array(bytes.length + section.length + hints.length);
  out.set(bytes.subarray(0, codeAt), 0);
  out.set(section, codeAt);
  out.set(hints, codeAt + section.length);
  out.set(bytes.subarray(codeAt), codeAt + section.length + hints.length);
  return out;
}
