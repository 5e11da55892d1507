// The engine's build instruments Go's module (scripts/engine-module.mjs): its globals exported, and a
// write barrier that marks the page of every store in the map at address 0. Checked on small modules
// written here byte by byte, run by V8; and the marks that find the functions a run reaches, for a module
// trimmed to those.
import { describe, expect, it } from 'vitest';
import { DIRTY_MAP_BYTES, DIRTY_MAP_EXPORTS, DIRTY_PAGE_SHIFT, ENTRY_MAP_BYTES, exportGlobals, GLOBAL_EXPORT_PREFIX, importMemory, instrumentEngineModule, keepFunctions, markedFunctions, markFunctionEntries, MEMORY_IMPORT, MEMORY_PAGES_SECTION, separateData } from '../../scripts/engine-module.mjs';
import { MemoryStates } from '../../src/otto/saved-memory.js';
import { writeSegments } from '../../src/otto/load.js';

const u32 = (n: number): number[] => {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n = Math.floor(n / 128);
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
};
const section = (id: number, body: number[]) => [id, ...u32(body.length), ...body];
const name = (text: string) => [...u32(text.length), ...Buffer.from(text)];

/** A module of one function `f(i32 address)` with `code` as its body (a local i32 declared), one memory page and one global. */
function moduleWith(code: number[]): Uint8Array {
  const body = [1, 1, 0x7f, ...code, 0x0b];
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
    ...section(1, [1, 0x60, 1, 0x7f, 0]),
    ...section(3, [1, 0]),
    ...section(5, [1, 0, 2]),
    ...section(6, [1, 0x7f, 1, 0x41, 42, 0x0b]),
    ...section(7, [2, ...name('f'), 0, 0, ...name('mem'), 2, 0]),
    ...section(10, [1, ...u32(body.length), ...body]),
  ]);
}

function run(code: number[], address: number) {
  const instance = new WebAssembly.Instance(new WebAssembly.Module(instrumentEngineModule(moduleWith(code))));
  const memory = new Uint8Array((instance.exports.mem as WebAssembly.Memory).buffer);
  (instance.exports.f as (a: number) => void)(address);
  return { instance, memory, marked: [...memory.subarray(0, 4096)].flatMap((b, i) => (b ? [i] : [])) };
}

// (local.get 0) (i64.const 7) (i64.store align=3 offset=8)
const STORE_I64 = [0x20, 0, 0x42, 7, 0x37, 3, 8];

describe('the engine module\'s write barrier', () => {
  it('a store marks its page (the address with its offset) and stores what it stored', () => {
    const { memory, marked } = run(STORE_I64, 40000);
    expect(new DataView(memory.buffer).getBigInt64(40008, true)).toBe(7n);
    expect(marked).toEqual([40008 >> DIRTY_PAGE_SHIFT]);
    expect(run(STORE_I64, 5000).marked).toEqual([5000 >> DIRTY_PAGE_SHIFT]);
  });

  it('every kind of store marks, inside blocks and branches, with the function\'s own locals kept', () => {
    // block; local.get 0; i32.const 5; i32.store8 offset=0; local.get 0; i32.const 70000; i32.add;
    // f64.const 1.5; f64.store offset=0; local.get 0 (the parameter, unchanged); i32.const 1; local.set 1; end
    const code = [0x02, 0x40, 0x20, 0, 0x41, 5, 0x3a, 0, 0, 0x20, 0, 0x41, ...[0xf0, 0xa2, 0x04], 0x6a,
      0x44, 0, 0, 0, 0, 0, 0, 0xf8, 0x3f, 0x39, 3, 0, 0x41, 1, 0x21, 1, 0x0b];
    const { memory, marked } = run(code, 5000);
    expect(memory[5000]).toBe(5);
    expect(new DataView(memory.buffer).getFloat64(75000, true)).toBe(1.5);
    expect(marked).toEqual([5000 >> DIRTY_PAGE_SHIFT, 75000 >> DIRTY_PAGE_SHIFT]);
  });

  it('exports every global and the map\'s layout', () => {
    const { instance } = run(STORE_I64, 5000);
    expect((instance.exports[`${GLOBAL_EXPORT_PREFIX}0`] as WebAssembly.Global).value).toBe(42);
    expect((instance.exports[DIRTY_MAP_EXPORTS.bytes] as WebAssembly.Global).value).toBe(4096);
    expect((instance.exports[DIRTY_MAP_EXPORTS.pageShift] as WebAssembly.Global).value).toBe(DIRTY_PAGE_SHIFT);
    // No data segment here: the data ends at 0.
    expect((instance.exports[DIRTY_MAP_EXPORTS.dataEnd] as WebAssembly.Global).value).toBe(0);
  });

  it('memory.fill marks every page of its range, and fills it', () => {
    // (local.get 0) (i32.const 7) (i32.const 40000) (memory.fill): Go's memclr and zeroings.
    const { memory, marked } = run([0x20, 0, 0x41, 7, 0x41, ...[0xc0, 0xb8, 0x02], 0xfc, 11, 0], 10000);
    expect(memory[10000]).toBe(7);
    expect(memory[49999]).toBe(7);
    expect(memory[50000]).toBe(0);
    expect(marked).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('memory.copy marks every page it writes (not those it reads), and copies', () => {
    // (local.get 0) (i32.const 60000) (i32.const 9000) (memory.copy): Go's memmove and moves; first 7 at 60000.
    const code = [0x41, ...[0xe0, 0xd4, 0x03], 0x41, 7, 0x3a, 0, 0, 0x20, 0, 0x41, ...[0xe0, 0xd4, 0x03], 0x41, ...[0xa8, 0xc6, 0x00], 0xfc, 10, 0, 0];
    const { memory, marked } = run(code, 70000);
    expect(memory[70000]).toBe(7);
    expect(marked).toEqual([60000 >> DIRTY_PAGE_SHIFT, 70000 >> DIRTY_PAGE_SHIFT, (70000 + 9000 - 1) >> DIRTY_PAGE_SHIFT]);
  });

  it('a bulk write of no bytes marks nothing; one outside the memory still traps', () => {
    expect(run([0x20, 0, 0x41, 7, 0x41, 0, 0xfc, 11, 0], 100000).marked).toEqual([]);
    expect(() => run([0x20, 0, 0x41, 7, 0x41, 16, 0xfc, 11, 0], 131070)).toThrow(WebAssembly.RuntimeError);
  });

  it('an instruction the barrier does not know stops the build', () => {
    // memory.init would write without a mark.
    expect(() => instrumentEngineModule(moduleWith([0x20, 0, 0x41, 0, 0x41, 1, 0xfc, 8, 0, 0]))).toThrow(/0xfc 8/);
  });
});

describe('the host\'s saved states over the barrier\'s map (src/otto/saved-memory.ts)', () => {
  it('restores a store that starts at the end of one page and ends on the next', () => {
    // (local.get 0) (i64.const -1) (i64.store align=3 offset=8): eight bytes of 0xff.
    const instance = new WebAssembly.Instance(new WebAssembly.Module(instrumentEngineModule(moduleWith([0x20, 0, 0x42, 0x7f, 0x37, 3, 8]))));
    const buffer = (instance.exports.mem as WebAssembly.Memory).buffer;
    const states = new MemoryStates({ bytes: DIRTY_MAP_BYTES, pageShift: DIRTY_PAGE_SHIFT, dataEnd: 0 }, () => new Uint8Array(buffer));
    const started = states.save();
    // Eight bytes from 4 before a page's end: four on one page, four on the next, which only the first's mark names.
    const at = (3 << DIRTY_PAGE_SHIFT) - 4;
    (instance.exports.f as (a: number) => void)(at - 8);
    const view = new DataView(buffer);
    expect(view.getBigInt64(at, true)).toBe(-1n);
    states.restore(started);
    expect(view.getBigInt64(at, true)).toBe(0n);
    expect(new Uint8Array(buffer).subarray(0, DIRTY_MAP_BYTES).every((b) => b === 0)).toBe(true);
  });
});

describe('the engine module\'s data segments, a file of their own (separateData)', () => {
  it('leave a module without them, and write into a memory what instantiating the module with them wrote', () => {
    const withData = new Uint8Array([...moduleWith(STORE_I64), ...section(11, [2, 0, 0x41, 0x88, 0x27, 0x0b, 3, 7, 8, 9, 0, 0x41, 0x10, 0x0b, 2, 0xaa, 0xbb])]);
    const { module, data } = separateData(withData);
    expect(module.length).toBeLessThan(withData.length);
    const memoryOf = (bytes: Uint8Array) => new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports.mem as WebAssembly.Memory;
    const expected = new Uint8Array(memoryOf(withData).buffer);
    const target = memoryOf(module);
    const written = new Uint8Array(target.buffer);
    expect(written.some((b) => b !== 0)).toBe(false);
    // What the host does with the file (src/otto/load.ts).
    writeSegments(target, data);
    expect([...expected.subarray(5000, 5003), ...expected.subarray(16, 18)]).toEqual([7, 8, 9, 0xaa, 0xbb]);
    expect(Buffer.from(written).equals(Buffer.from(expected))).toBe(true);
  });
});

describe('otto\'s parser module: its globals exported, nothing else (exportGlobals)', () => {
  it('exports each global, and its stores mark nothing', () => {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(exportGlobals(moduleWith(STORE_I64))));
    expect(Object.keys(instance.exports).sort()).toEqual(['f', 'mem', `${GLOBAL_EXPORT_PREFIX}0`]);
    expect((instance.exports[`${GLOBAL_EXPORT_PREFIX}0`] as WebAssembly.Global).value).toBe(42);
    const memory = new Uint8Array((instance.exports.mem as WebAssembly.Memory).buffer);
    (instance.exports.f as (a: number) => void)(40000);
    expect(new DataView(memory.buffer).getBigInt64(40008, true)).toBe(7n);
    expect(memory.subarray(0, DIRTY_MAP_BYTES).every((b) => b === 0)).toBe(true);
  });
});

describe('a module that imports its memory (importMemory)', () => {
  it('stores into the memory it is given, exports it as before, and says its initial size', () => {
    // A module of one import (a function), so that the memory's import comes after another.
    const withImport = new Uint8Array([
      0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
      ...section(1, [2, 0x60, 1, 0x7f, 0, 0x60, 0, 0]),
      ...section(2, [1, ...name('host'), ...name('g'), 0, 1]),
      ...section(3, [1, 0]),
      ...section(5, [1, 0, 3]),
      ...section(7, [2, ...name('f'), 0, 1, ...name('mem'), 2, 0]),
      ...section(10, [1, ...u32(STORE_I64.length + 4), 1, 1, 0x7f, ...STORE_I64, 0x0b]),
    ]);
    const module = new WebAssembly.Module(importMemory(withImport));
    expect(WebAssembly.Module.imports(module)).toEqual([{ module: 'host', name: 'g', kind: 'function' }, { module: MEMORY_IMPORT.module, name: MEMORY_IMPORT.name, kind: 'memory' }]);
    const [pages] = WebAssembly.Module.customSections(module, MEMORY_PAGES_SECTION);
    expect(new DataView(pages!).getUint32(0, true)).toBe(3);
    const memory = new WebAssembly.Memory({ initial: 3 });
    const instance = new WebAssembly.Instance(module, { host: { g: () => {} }, [MEMORY_IMPORT.module]: { [MEMORY_IMPORT.name]: memory } });
    expect(instance.exports.mem).toBe(memory);
    (instance.exports.f as (a: number) => void)(131072);
    expect(new DataView(memory.buffer).getBigInt64(131080, true)).toBe(7n);
    expect(() => new WebAssembly.Instance(module, { host: { g: () => {} }, [MEMORY_IMPORT.module]: { [MEMORY_IMPORT.name]: new WebAssembly.Memory({ initial: 2 }) } })).toThrow();
  });
});

/**
 * A module of 11 functions of type () -> i32, none with locals: function i returns i, except function 0,
 * which calls function 2 and function 10 and returns their sum. Each is exported as f<i>, with the memory.
 */
function moduleOfEleven(): Uint8Array {
  const bodies = Array.from({ length: 11 }, (_, i) => (i === 0 ? [0, 0x10, 2, 0x10, 10, 0x6a, 0x0b] : [0, 0x41, i, 0x0b]));
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
    ...section(1, [1, 0x60, 0, 1, 0x7f]),
    ...section(3, [11, ...Array<number>(11).fill(0)]),
    ...section(5, [1, 0, 1]),
    ...section(7, [12, ...bodies.flatMap((_, i) => [...name(`f${i}`), 0, i]), ...name('mem'), 2, 0]),
    ...section(10, [11, ...bodies.flatMap((body) => [...u32(body.length), ...body])]),
  ]);
}

const exportsOf = (bytes: Uint8Array) => new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as Record<string, ((...args: never[]) => number) & WebAssembly.Memory>;

describe('the functions a run reaches (markFunctionEntries), and a module of those alone (keepFunctions)', () => {
  it('marks the function called and those it calls, in a bitmap at address 0, and returns what it returned', () => {
    const marked = exportsOf(markFunctionEntries(moduleOfEleven()));
    expect(marked.f0!()).toBe(12);
    expect(markedFunctions(new Uint8Array(marked.mem!.buffer).subarray(0, ENTRY_MAP_BYTES))).toEqual([0, 2, 10]);
    expect(marked.f7!()).toBe(7);
    // Function 10's bit is the third of the second byte.
    expect([...new Uint8Array(marked.mem!.buffer).subarray(0, 2)]).toEqual([0b10000101, 0b100]);
  });

  it('a module trimmed to the functions a run reached runs that run the same, and traps at the first call of another', () => {
    const trimmed = keepFunctions(moduleOfEleven(), new Set([0, 2, 10]));
    expect(trimmed.length).toBeLessThan(moduleOfEleven().length);
    const kept = exportsOf(trimmed);
    expect(kept.f0!()).toBe(12);
    expect(() => kept.f7!()).toThrow(WebAssembly.RuntimeError);
    expect(() => exportsOf(keepFunctions(moduleOfEleven(), new Set([0, 2]))).f0!()).toThrow(/unreachable/);
  });
});
