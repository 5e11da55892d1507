// What the engine's build makes of the module Go writes (scripts/build-engine.mjs), so that the host can
// put the whole Go program back in a saved state cheaply after every call (src/otto/load.ts):
//
// - each global is exported (as GLOBAL_EXPORT_PREFIX + its index): Go keeps its stack pointer and the
//   like in them; and constant globals tell the host the dirty map's layout and where the module's data
//   segments end (DIRTY_MAP_EXPORTS): below that the instantiation wrote, with no store to mark it;
// - a write barrier: after every store to the linear memory, the byte of the store's 8 KiB page in a
//   map at address 0 (DIRTY_MAP_BYTES bytes, which Go never uses: its data starts at 12 KiB) is set to 1.
//   Page p's byte is p % DIRTY_MAP_BYTES, so one byte stands for every page with that remainder; a store
//   may reach into the next page. The host restores, for each marked byte, those pages and their next
//   ones, and clears the map: only what a call wrote is copied back.
//
//   Go's bulk memory writes (memory.copy and memory.fill, for memmove, memclr and the compiler's moves
//   and zeroings) become calls of two functions the build adds, which mark every page of the range
//   written, then write it.
//
// The module is otherwise unchanged. The reader knows the instructions of WebAssembly 1.0 with the
// sign-extension, saturating-conversion and bulk memory extensions (what Go 1.26 emits); anything else
// stops the build.

export const GLOBAL_EXPORT_PREFIX = 'sgconf.global.';
export const DIRTY_MAP_BYTES = 4096;
export const DIRTY_PAGE_SHIFT = 13;
/** The exports of the map's size in bytes and of its pages' size as a power of two (src/otto/load.ts reads them). */
export const DIRTY_MAP_EXPORTS = { bytes: 'sgconf.dirtyMapBytes', pageShift: 'sgconf.dirtyPageShift', dataEnd: 'sgconf.dataEnd' };

const SECTION = { custom: 0, type: 1, import: 2, function: 3, memory: 5, global: 6, export: 7, code: 10, data: 11, dataCount: 12 };
const VALTYPE = { i32: 0x7f, i64: 0x7e, f32: 0x7d, f64: 0x7c };
/** Each store's opcode and the type of the value it stores. */
const STORES = new Map([
  [0x36, 'i32'], [0x37, 'i64'], [0x38, 'f32'], [0x39, 'f64'], [0x3a, 'i32'], [0x3b, 'i32'], [0x3c, 'i64'], [0x3d, 'i64'], [0x3e, 'i64'],
]);

/** The module's bytes with its globals exported and every store marking its page. */
export function instrumentEngineModule(bytes) {
  const sections = readSections(bytes);
  const byId = (id) => sections.find((s) => s.id === id);
  for (const id of [SECTION.type, SECTION.function, SECTION.global, SECTION.export, SECTION.code]) {
    if (!byId(id)) throw new Error(`the engine module has no section ${id}`);
  }
  const paramCounts = readParamCounts(bytes, byId(SECTION.type));
  const functionTypes = readVector(bytes, byId(SECTION.function).start, (r) => r.u32());
  // The barrier's two functions, after Go's: (dst, src or value, length) -> (), a type added after Go's.
  const barrierType = paramCounts.length;
  const importedFunctions = byId(SECTION.import) ? readVector(bytes, byId(SECTION.import).start, readImportKind).filter((kind) => kind === 0).length : 0;
  const bulk = { copy: importedFunctions + functionTypes.length, fill: importedFunctions + functionTypes.length + 1 };
  const out = [];
  let at = 0;
  for (const section of sections) {
    out.push(bytes.subarray(at, section.headerStart));
    const globals = readU32(bytes, byId(SECTION.global).start).value;
    if (section.id === SECTION.export) {
      out.push(exportSection(bytes, section, globals, [[DIRTY_MAP_EXPORTS.bytes, globals], [DIRTY_MAP_EXPORTS.pageShift, globals + 1], [DIRTY_MAP_EXPORTS.dataEnd, globals + 2]]));
    }
    else if (section.id === SECTION.global) out.push(globalSection(bytes, section, byId(SECTION.data) ? dataEnd(bytes, byId(SECTION.data)) : 0));
    else if (section.id === SECTION.type) out.push(appendToVector(bytes, section, [0x60, 3, VALTYPE.i32, VALTYPE.i32, VALTYPE.i32, 0], 1));
    else if (section.id === SECTION.function) out.push(appendToVector(bytes, section, [...u32(barrierType), ...u32(barrierType)], 2));
    else if (section.id === SECTION.code) {
      out.push(codeSection(bytes, section, (i, body) => instrumentBody(body, paramCounts[functionTypes[i]], bulk), [BULK_BARRIER.copy, BULK_BARRIER.fill]));
    }
    else out.push(bytes.subarray(section.headerStart, section.end));
    at = section.end;
  }
  out.push(bytes.subarray(at));
  return concat(out);
}

/**
 * The barrier's functions for bulk memory writes, (dst, src or value, length) -> (): when the length is not
 * zero, the map byte of every page from dst's to that of dst + length - 1 is set, then the instruction
 * runs as Go wrote it (and traps as it would, on a range outside the memory). Locals 3 and 4: the page,
 * the last page.
 */
const BULK_BARRIER = (() => {
  const markRange = [
    0x20, 2, 0x04, 0x40, // if length
    0x20, 0, 0x41, ...s32(DIRTY_PAGE_SHIFT), 0x76, 0x21, 3, // page = dst >> shift
    0x20, 0, 0x20, 2, 0x6a, 0x41, 1, 0x6b, 0x41, ...s32(DIRTY_PAGE_SHIFT), 0x76, 0x21, 4, // last = (dst + length - 1) >> shift
    0x03, 0x40, // loop
    0x20, 3, 0x41, ...s32(DIRTY_MAP_BYTES - 1), 0x71, 0x41, 1, 0x3a, 0, 0, // map[page % bytes] = 1
    0x20, 3, 0x41, 1, 0x6a, 0x22, 3, 0x20, 4, 0x4d, 0x0d, 0, // page += 1; again while page <= last
    0x0b, 0x0b,
    0x20, 0, 0x20, 1, 0x20, 2,
  ];
  const locals = [1, 2, VALTYPE.i32];
  return { copy: [...locals, ...markRange, 0xfc, 10, 0, 0, 0x0b], fill: [...locals, ...markRange, 0xfc, 11, 0, 0x0b] };
})();

/** A vector section (header included) with `count` more entries, `added`'s bytes, after its own. */
function appendToVector(bytes, section, added, count) {
  const n = readU32(bytes, section.start);
  return sectionBytes(section.id, concat([new Uint8Array(u32(n.value + count)), bytes.subarray(n.end, section.end), new Uint8Array(added)]));
}

/** Reads one entry of the import section, returning its kind (0 a function, 1 a table, 2 a memory, 3 a global). */
function readImportKind(r) {
  for (let name = 0; name < 2; name++) {
    const length = r.u32();
    r.at += length;
  }
  const kind = r.byte();
  if (kind === 0) r.u32();
  else if (kind === 1) { r.byte(); if (r.byte() & 1) { r.u32(); r.u32(); } else r.u32(); }
  else if (kind === 2) { if (r.byte() & 1) { r.u32(); r.u32(); } else r.u32(); }
  else if (kind === 3) { r.byte(); r.byte(); }
  else throw new Error(`an import of kind ${kind}`);
  return kind;
}

/** The global section with the map's two constants after Go's globals. */
function globalSection(bytes, section, end) {
  const constant = (value) => [VALTYPE.i32, 0, 0x41, ...s32(value), 0x0b];
  return appendToVector(bytes, section, [...constant(DIRTY_MAP_BYTES), ...constant(DIRTY_PAGE_SHIFT), ...constant(end)], 3);
}

/** Where the active data segments end in the memory (each `i32.const offset` and its bytes). */
function dataEnd(bytes, section) {
  return activeSegments(bytes, section).reduce((end, { offset, data }) => Math.max(end, offset + data.length), 0);
}

/** The active data segments: each one's offset in the memory and its bytes. */
function activeSegments(bytes, section) {
  return readVector(bytes, section.start, (r) => {
    const flags = r.u32();
    if (flags === 1) throw new Error('a passive data segment, which the data file cannot hold');
    if (flags === 2) r.u32();
    if (r.byte() !== 0x41) throw new Error('a data segment whose offset is not a constant');
    let offset = 0;
    let shift = 0;
    for (;;) {
      const b = r.byte();
      offset |= (b & 0x7f) << shift;
      shift += 7;
      if ((b & 0x80) === 0) break;
    }
    if (r.byte() !== 0x0b) throw new Error('a data segment whose offset is not a constant');
    const size = r.u32();
    const data = bytes.subarray(r.at, r.at + size);
    r.at += size;
    return { offset: offset >>> 0, data };
  });
}

/**
 * The module without its data section, and that section's segments as a file of their own: each segment
 * as its offset and length (4 bytes each, little-endian) and its bytes. The host writes them into the
 * memory before Go starts (src/otto/load.ts), or starts from the start image, which holds them already:
 * then neither reading, compiling nor instantiating the module copies them.
 */
export function separateData(bytes) {
  const sections = readSections(bytes);
  const data = sections.find((s) => s.id === SECTION.data);
  if (!data) return { module: bytes, data: new Uint8Array(0) };
  if (sections.some((s) => s.id === SECTION.dataCount)) throw new Error('the engine module has a data count section');
  const segments = activeSegments(bytes, data);
  const file = new Uint8Array(segments.reduce((n, { data: d }) => n + 8 + d.length, 0));
  const view = new DataView(file.buffer);
  let at = 0;
  for (const { offset, data: d } of segments) {
    view.setUint32(at, offset, true);
    view.setUint32(at + 4, d.length, true);
    file.set(d, at + 8);
    at += 8 + d.length;
  }
  return { module: concat([bytes.subarray(0, data.headerStart), bytes.subarray(data.end)]), data: file };
}

/** Where the host gives a module its memory (importMemory): the import's module and field names. */
export const MEMORY_IMPORT = { module: 'sgconf', name: 'mem' };
/** The custom section that holds the memory's initial size in 64 KiB pages (4 bytes, little-endian). */
export const MEMORY_PAGES_SECTION = 'sgconf.memoryPages';

/**
 * The module's bytes with its memory imported (MEMORY_IMPORT) instead of defined, with the same limits, and
 * its initial size in a custom section (MEMORY_PAGES_SECTION). The host then makes the memory, and can
 * write a start image into it while the module still compiles (src/otto/load.ts). It is still exported as
 * `mem`: a module's one memory is memory 0, imported or not.
 */
export function importMemory(bytes) {
  const sections = readSections(bytes);
  const imports = sections.find((s) => s.id === SECTION.import);
  const memory = sections.find((s) => s.id === SECTION.memory);
  if (!imports || !memory) throw new Error('the module has no import or memory section');
  const r = new Reader(bytes, memory.start);
  if (r.u32() !== 1) throw new Error('the module has more than one memory');
  const limitsStart = r.at;
  const flags = r.byte();
  if ((flags & ~1) !== 0) throw new Error('a shared or 64-bit memory');
  const initialPages = r.u32();
  if (flags & 1) r.u32();
  const importSection = appendToVector(bytes, imports, [...nameBytes(MEMORY_IMPORT.module), ...nameBytes(MEMORY_IMPORT.name), 2, ...bytes.subarray(limitsStart, r.at)], 1);
  const size = new Uint8Array(4);
  new DataView(size.buffer).setUint32(0, initialPages, true);
  const pagesSection = sectionBytes(SECTION.custom, concat([new Uint8Array(nameBytes(MEMORY_PAGES_SECTION)), size]));
  return concat([
    bytes.subarray(0, imports.headerStart), importSection, bytes.subarray(imports.end, memory.headerStart), bytes.subarray(memory.end), pagesSection,
  ]);
}

/**
 * The module's bytes with its globals exported and nothing else changed: what a start image needs of a Go
 * program that is never saved and restored (otto's parser, engine/cmd/parser).
 */
export function exportGlobals(bytes) {
  const sections = readSections(bytes);
  const globals = sections.find((s) => s.id === SECTION.global);
  const exports = sections.find((s) => s.id === SECTION.export);
  if (!globals || !exports) throw new Error('the module has no global or export section');
  const globalCount = readU32(bytes, globals.start).value;
  return concat([bytes.subarray(0, exports.headerStart), exportSection(bytes, exports, globalCount, []), bytes.subarray(exports.end)]);
}

/** The export section with each of the `globalCount` globals exported, then `named` ([name, index]). */
function exportSection(bytes, section, globalCount, named) {
  const added = [];
  const exportGlobal = (name, index) => added.push(...nameBytes(name), 3, ...u32(index));
  for (let i = 0; i < globalCount; i++) exportGlobal(`${GLOBAL_EXPORT_PREFIX}${i}`, i);
  for (const [name, index] of named) exportGlobal(name, index);
  return appendToVector(bytes, section, added, globalCount + named.length);
}

/**
 * Where markFunctionEntries keeps its marks: a bitmap at address 0 (Go's nil page, which it never reads or
 * writes), bit i % 8 of byte i / 8 for the function with index i in the code section.
 */
export const ENTRY_MAP_BYTES = 4096;

/**
 * The module's bytes with each function's body starting by setting its bit in the entry map
 * (ENTRY_MAP_BYTES at address `at`): for the build's runs that find the functions some questions reach
 * (keepFunctions, and the engine's compilation hints). Go's data starts at 12 KiB; the engine keeps its
 * dirty map in the first 4 KiB (instrumentEngineModule), so its entry map goes after.
 */
export function markFunctionEntries(bytes, at = 0) {
  return replaceBodies(bytes, (i, body) => {
    if (i >= ENTRY_MAP_BYTES * 8) throw new Error(`the module has more functions than the entry map has bits (${ENTRY_MAP_BYTES * 8})`);
    const r = new Reader(body, 0);
    for (let declarations = r.u32(); declarations > 0; declarations--) {
      r.u32();
      r.byte();
    }
    const address = s32(at + (i >> 3));
    // i32.store8 (address, i32.load8_u (address) | bit)
    const mark = [0x41, ...address, 0x41, ...address, 0x2d, 0, 0, 0x41, ...s32(1 << (i & 7)), 0x72, 0x3a, 0, 0];
    return concat([body.subarray(0, r.at), new Uint8Array(mark), body.subarray(r.at)]);
  });
}

/** Which functions' bits are set in an entry map (markFunctionEntries), by their index in the code section. */
export function markedFunctions(entryMap) {
  const marked = [];
  for (let i = 0; i < entryMap.length * 8; i++) if (entryMap[i >> 3] & (1 << (i & 7))) marked.push(i);
  return marked;
}

/**
 * The module's bytes with the body of every function not in `kept` (indices in the code section) replaced
 * by `unreachable`: the same module for a run that calls only kept functions, and a trap at the first
 * call of another, before it does anything. Its imports, types, table, globals and memory are unchanged,
 * so a state of the whole module (a start image) is a state of this one.
 */
export function keepFunctions(bytes, kept) {
  const trap = new Uint8Array([0, 0x00, 0x0b]);
  return replaceBodies(bytes, (i, body) => (kept.has(i) ? body : trap));
}

/** The module's bytes with each function body (locals and code) replaced by `replace(index, body)`. */
function replaceBodies(bytes, replace) {
  const code = readSections(bytes).find((s) => s.id === SECTION.code);
  if (!code) throw new Error('the module has no code section');
  return concat([bytes.subarray(0, code.headerStart), codeSection(bytes, code, replace), bytes.subarray(code.end)]);
}

/**
 * The code section (header included) with each function body replaced by `replace(index, body)`, and the
 * bodies `added` after them.
 */
function codeSection(bytes, section, replace, added = []) {
  const reader = new Reader(bytes, section.start);
  const count = reader.u32();
  const bodies = [new Uint8Array(u32(count + added.length))];
  for (let i = 0; i < count; i++) {
    const size = reader.u32();
    const body = replace(i, bytes.subarray(reader.at, reader.at + size));
    bodies.push(new Uint8Array(u32(body.length)), body);
    reader.at += size;
  }
  for (const body of added) bodies.push(new Uint8Array(u32(body.length)), new Uint8Array(body));
  return sectionBytes(SECTION.code, concat(bodies));
}

/**
 * One function body with its stores instrumented, five locals added for the barrier's values, and its bulk
 * memory writes calling the barrier's functions (`bulk`: their indices).
 */
function instrumentBody(body, params, bulk) {
  const r = new Reader(body, 0);
  const declarations = r.u32();
  let locals = 0;
  const declared = [];
  for (let i = 0; i < declarations; i++) {
    const n = r.u32();
    const type = r.byte();
    locals += n;
    declared.push(...u32(n), type);
  }
  // The scratch locals: the address, then one for each type of value stored.
  const first = params + locals;
  const scratch = { address: first, i32: first + 1, i64: first + 2, f32: first + 3, f64: first + 4 };
  const head = [...u32(declarations + 5), ...declared, 1, VALTYPE.i32, 1, VALTYPE.i32, 1, VALTYPE.i64, 1, VALTYPE.f32, 1, VALTYPE.f64];
  const code = [];
  while (r.at < body.length) {
    const from = r.at;
    const op = r.byte();
    const stored = STORES.get(op);
    if (stored) {
      const align = r.u32();
      const offset = r.u32();
      const value = scratch[stored];
      code.push(
        0x21, ...u32(value), 0x22, ...u32(scratch.address), 0x20, ...u32(value), op, ...u32(align), ...u32(offset),
        0x20, ...u32(scratch.address), ...(offset === 0 ? [] : [0x41, ...s32(offset | 0), 0x6a]),
        0x41, ...s32(DIRTY_PAGE_SHIFT), 0x76, 0x41, ...s32(DIRTY_MAP_BYTES - 1), 0x71, 0x41, 1, 0x3a, 0, 0,
      );
      continue;
    }
    if (op === 0xfc) {
      const sub = r.u32();
      if (sub === 10 || sub === 11) {
        if (r.u32() !== 0 || (sub === 10 && r.u32() !== 0)) throw new Error('a bulk memory write to a memory other than memory 0');
        code.push(0x10, ...u32(sub === 10 ? bulk.copy : bulk.fill));
        continue;
      }
      r.at = from;
      r.byte();
    }
    skipImmediates(r, op);
    for (let k = from; k < r.at; k++) code.push(body[k]);
  }
  if (r.at !== body.length) throw new Error('a function body ends inside an instruction');
  return new Uint8Array([...head, ...code]);
}

/** Reads past an instruction's immediates. */
function skipImmediates(r, op) {
  if (op === 0x02 || op === 0x03 || op === 0x04) {
    const type = r.bytes[r.at];
    if (type === 0x40 || (type >= 0x6f && type <= 0x7f)) r.at++;
    else r.leb();
  } else if (op === 0x0c || op === 0x0d || op === 0x10 || (op >= 0x20 && op <= 0x26) || op === 0xd2) r.leb();
  else if (op === 0x0e) {
    const n = r.u32();
    for (let i = 0; i <= n; i++) r.leb();
  } else if (op === 0x11) { r.leb(); r.leb(); }
  else if (op === 0x1c) { const n = r.u32(); r.at += n; }
  else if (op >= 0x28 && op <= 0x35) { r.leb(); r.leb(); }
  else if (op === 0x3f || op === 0x40 || op === 0xd0) r.at++;
  else if (op === 0x41 || op === 0x42) r.leb();
  else if (op === 0x43) r.at += 4;
  else if (op === 0x44) r.at += 8;
  else if (op === 0xfc) {
    const sub = r.u32();
    // memory.copy and memory.fill are rewritten by instrumentBody; the other bulk memory and table
    // instructions Go does not emit.
    if (sub > 7) throw new Error(`the engine module uses instruction 0xfc ${sub}, which the write barrier does not know`);
  } else if (!(op <= 0x01 || op === 0x05 || op === 0x0b || op === 0x0f || op === 0x1a || op === 0x1b || (op >= 0x45 && op <= 0xc4) || op === 0xd1)) {
    throw new Error(`the engine module uses opcode 0x${op.toString(16)}, which the write barrier does not know`);
  }
}

function readParamCounts(bytes, section) {
  return readVector(bytes, section.start, (r) => {
    if (r.byte() !== 0x60) throw new Error('not a function type');
    const params = r.u32();
    r.at += params;
    const results = r.u32();
    r.at += results;
    return params;
  });
}

function readVector(bytes, at, read) {
  const r = new Reader(bytes, at);
  const n = r.u32();
  return Array.from({ length: n }, () => read(r));
}

function readSections(bytes) {
  if (bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d) throw new Error('not a WebAssembly module');
  const sections = [];
  const r = new Reader(bytes, 8);
  while (r.at < bytes.length) {
    const headerStart = r.at;
    const id = r.byte();
    const size = r.u32();
    sections.push({ id, headerStart, start: r.at, end: r.at + size });
    r.at += size;
  }
  return sections;
}

function readU32(bytes, at) {
  const r = new Reader(bytes, at);
  const value = r.u32();
  return { value, end: r.at };
}

class Reader {
  constructor(bytes, at) {
    this.bytes = bytes;
    this.at = at;
  }

  byte() {
    return this.bytes[this.at++];
  }

  u32() {
    let value = 0;
    let shift = 0;
    for (;;) {
      const b = this.bytes[this.at++];
      value += (b & 0x7f) * 2 ** shift;
      shift += 7;
      if ((b & 0x80) === 0) return value;
    }
  }

  leb() {
    while (this.bytes[this.at++] & 0x80);
  }
}

/** A name as WebAssembly writes one: its UTF-8 length, then its bytes. */
function nameBytes(text) {
  const encoded = new TextEncoder().encode(text);
  return [...u32(encoded.length), ...encoded];
}

function sectionBytes(id, body) {
  return concat([new Uint8Array([id, ...u32(body.length)]), body]);
}

function u32(value) {
  const out = [];
  do {
    let b = value & 0x7f;
    value = Math.floor(value / 128);
    if (value !== 0) b |= 0x80;
    out.push(b);
  } while (value !== 0);
  return out;
}

/** A signed LEB128 of a 32-bit integer (i32.const's immediate). */
function s32(value) {
  const out = [];
  for (;;) {
    const b = value & 0x7f;
    value >>= 7;
    if ((value === 0 && (b & 0x40) === 0) || (value === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
