// V8's compilation hints (src/otto/compilation-hints.ts): a hint for each of a module's own functions, in the
// section V8 reads, before the code; the build's engine module marks the usual path's functions eager.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { COMPILATION_HINTS_SECTION, withCompilationHints } from '../../src/otto/compilation-hints.js';
import { hintedModuleFile, moduleFile } from '../../src/otto/load.js';
import { DEFAULT_OTTO } from '../../src/sync/engine.js';

// (module (func (result i32) i32.const 1) (func (result i32) i32.const 2) (func (result i32) call 0) (export "f" (func 2)))
const MODULE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7f,
  0x03, 0x04, 0x03, 0x00, 0x00, 0x00,
  0x07, 0x05, 0x01, 0x01, 0x66, 0x00, 0x02,
  0x0a, 0x10, 0x03, 0x04, 0x00, 0x41, 0x01, 0x0b, 0x04, 0x00, 0x41, 0x02, 0x0b, 0x04, 0x00, 0x10, 0x00, 0x0b,
]);

/** The hints section's bytes: the count, then a byte per function. */
function hintsOf(bytes: Uint8Array): number[] {
  const [section] = WebAssembly.Module.customSections(new WebAssembly.Module(bytes as Uint8Array<ArrayBuffer>), COMPILATION_HINTS_SECTION);
  return [...new Uint8Array(section!)];
}

describe('compilation hints', () => {
  it('gives each function a hint, eager or lazy, in a module V8 compiles and runs under sgconf\'s flags', () => {
    const hinted = withCompilationHints(MODULE, new Set([2]));
    // Liftoff for both tiers; strategy 2 eager, 1 lazy.
    expect(hintsOf(hinted)).toEqual([3, 0x15, 0x15, 0x16]);
    const instance = new WebAssembly.Instance(new WebAssembly.Module(hinted as Uint8Array<ArrayBuffer>));
    expect((instance.exports.f as () => number)()).toBe(1);
  });

  it('puts the section before the code, where V8 reads it, and leaves a module that has one as it is', () => {
    const hinted = withCompilationHints(MODULE);
    const codeAt = MODULE.indexOf(0x0a, 28);
    expect([...hinted.subarray(0, codeAt)]).toEqual([...MODULE.subarray(0, codeAt)]);
    expect(hinted[codeAt]).toBe(0);
    expect([...hinted.subarray(hinted.length - (MODULE.length - codeAt))]).toEqual([...MODULE.subarray(codeAt)]);
    expect(withCompilationHints(hinted, new Set([0]))).toBe(hinted);
  });

  it('marks eager, in the build\'s engine module, the usual path\'s functions: some hundreds of some thousands', () => {
    const hinted = readFileSync(hintedModuleFile('engine', DEFAULT_OTTO));
    const hints = hintsOf(hinted);
    const eager = hints.filter((hint) => hint === 0x16).length;
    expect(eager).toBeGreaterThan(200);
    expect(eager).toBeLessThan(hints.length / 4);
    // The module is Go's otherwise: its size and its code as the module file's.
    const plain = readFileSync(moduleFile('engine', DEFAULT_OTTO));
    const functions = (hints[0]! & 0x7f) + hints[1]! * 128;
    expect(hints.length).toBe(2 + functions);
    expect(hinted.length - plain.length).toBe(hintsSectionBytes(functions));
  });
});

/** The size of a hints section for `functions` functions, its header included. */
function hintsSectionBytes(functions: number): number {
  const leb = (n: number) => (n < 128 ? 1 : n < 16384 ? 2 : 3);
  const content = 1 + COMPILATION_HINTS_SECTION.length + leb(functions) + functions;
  return 1 + leb(content) + content;
}
