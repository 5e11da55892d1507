// Loads the gateway's engine (engine/: otto compiled from Go to WebAssembly) into this thread: the module
// files, the Go toolchain's loader, and the start of a Go program with the host's hooks. src/sync/ runs
// functions in it (in workers); src/functions/ asks its parser whether otto reads a function.
import { createRequire } from 'node:module';
import { closeSync, fstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { builtIsCurrent, packageFile } from '../paths.js';
import type { OttoCommit } from '../releases/sync-runner.js';
import { markWritten, MemoryStates, type DirtyMap, type SavedMemory } from './saved-memory.js';
import { decodeStartImageHeader, describeValues, encodeStartImage, IMAGE_PAGE_BYTES, makeValues, nonZeroPages, pageRuns, type StartImage, type StartImageHeader } from './start-image.js';

export type { StartImage } from './start-image.js';

/** What the engine's Go program exports (engine/cmd/engine/main.go): JSON text in and out. */
export interface OttoApi {
  ready: boolean;
  /** Makes what running programs needs (underscore.js's runtime), before the host saves the start state. */
  prepare(): string;
  compile(role: string, source: string, options: string): string;
  run(batch: string): string;
  expiry(values: string): string;
}

/** What the parser's Go program exports (engine/cmd/parser/main.go). */
interface OttoParserApi {
  ready: boolean;
  /** `{}` when otto reads "(" + source + ")", else `{"message", "line", "column"}`. */
  check(source: string): string;
}

/** otto's parser started in a thread. */
export interface OttoParser {
  /** `{}` when otto reads "(" + source + ")", else `{"message", "line", "column"}`; throws when the program broke. */
  check(source: string): string;
  /** Ends the program's timers: after a failed check, so that the broken program is never entered again. */
  stop(): void;
}

/** The parser's memory: a function is at most 16 MiB of text. */
export const PARSER_MEMORY_BYTES = 1024 * 1024 * 1024;

export interface GoProgram {
  api: OttoApi;
  /** True once the Go program has ended (a fatal error): it answers no more. */
  exited(): boolean;
  /** The whole state of the Go program between two calls (see GoState). */
  save(): GoState;
  /** Puts the Go program back in a saved state: nothing done since can be seen by the next call. */
  restore(state: GoState): void;
}

/**
 * Everything a Go program on js/wasm is, between two calls from the host: its linear memory, the module's
 * globals (the stack pointer among them) and the loader's tables of the JavaScript values Go holds.
 */
export interface GoState {
  memory: SavedMemory;
  globals: (number | bigint)[];
  loader: LoaderTables;
}

/** The loader's fields (wasm_exec.js) that hold the Go program's JavaScript-side state. */
interface LoaderTables {
  _values: unknown[];
  _goRefCounts: number[];
  _ids: Map<unknown, number>;
  _idPool: number[];
  _scheduledTimeouts: Map<number, unknown>;
  _nextCallbackTimeoutID: number;
}

/** A copy of the loader's tables (each later changed in place by the loader). */
function copyOfTables(tables: LoaderTables): LoaderTables {
  return {
    _values: tables._values.slice(), _goRefCounts: tables._goRefCounts.slice(), _ids: new Map(tables._ids), _idPool: tables._idPool.slice(),
    _scheduledTimeouts: new Map(tables._scheduledTimeouts), _nextCallbackTimeoutID: tables._nextCallbackTimeoutID,
  };
}

interface GoInstance extends LoaderTables {
  importObject: WebAssembly.Imports;
  exited: boolean;
  mem: DataView;
  _inst: WebAssembly.Instance;
  run(instance: WebAssembly.Instance): Promise<void>;
  _makeFuncWrapper(id: number): unknown;
}

/** The Go programs of the engine's build (engine/cmd/): the engine, and otto's parser alone. */
export type ProgramName = 'engine' | 'parser';

/**
 * Each program's files, named by the otto commit it holds: its module (engine/wasm/<module>-<otto>.wasm,
 * by scripts/build-engine.mjs) and the module's data segments beside it (.data, engine-module.mjs
 * separateData); its start image (dist/<image>-<otto>.bin, by scripts/engine-image.mjs); the global its
 * Go main sets to its API; and whether the image is taken after the API's prepare().
 */
const PROGRAMS: Record<ProgramName, { module: string; image: string; api: string; prepare: boolean }> = {
  engine: { module: 'otto', image: 'engine-start', api: 'sgconfOtto', prepare: true },
  parser: { module: 'parser', image: 'parser-start', api: 'sgconfOttoParser', prepare: false },
};

/** A program's module of an otto commit. */
export function moduleFile(program: ProgramName, otto: OttoCommit): URL {
  return packageFile(`engine/wasm/${PROGRAMS[program].module}-${otto}.wasm`);
}

/** The data segments of a program's module, for a start without its start image. */
export function readData(program: ProgramName, otto: OttoCommit): Uint8Array {
  return readFileSync(packageFile(`engine/wasm/${PROGRAMS[program].module}-${otto}.data`));
}

/** Writes data segments (each: offset, length, 4 bytes each little-endian, then its bytes) into a memory. */
export function writeSegments(memory: WebAssembly.Memory, segments: Uint8Array): void {
  const bytes = new Uint8Array(memory.buffer);
  const view = new DataView(segments.buffer, segments.byteOffset, segments.byteLength);
  for (let at = 0; at < segments.length;) {
    const offset = view.getUint32(at, true), length = view.getUint32(at + 4, true);
    bytes.set(segments.subarray(at + 8, at + 8 + length), offset);
    at += 8 + length;
  }
}

let GoClass: (new () => GoInstance) | null = null;

/** The Go toolchain's loader (wasm_exec.js, copied by the engine's build) defines globalThis.Go, once per thread. */
function goClass(): new () => GoInstance {
  if (GoClass) return GoClass;
  createRequire(import.meta.url)(fileURLToPath(packageFile('engine/wasm/wasm_exec.js')));
  GoClass = (globalThis as { Go?: new () => GoInstance }).Go!;
  return GoClass;
}

type GoHost = Record<string, (sp: number) => void>;


/**
 * Instantiates a Go program with the loader and runs its main until it waits for calls; `api` is the object
 * main set as `globalName` (taken off the global scope). Past `memoryLimit`, the call that grew Go's memory
 * throws `onMemoryLimit()` (the call ends; the program is broken from then on). What Go prints is dropped.
 * `beforeRun` sees the instance before Go runs (and may wrap the loader's calls, `host`, before that).
 */
function runGo<Api extends { ready: boolean }>(module: WebAssembly.Module, globalName: string, memoryLimit: number, onMemoryLimit: () => Error, options: GoStartOptions = {}): { go: GoInstance; api: Api } {
  const go = new (goClass())();
  const host = (go.importObject as Record<string, GoHost>).go!;
  let memory: WebAssembly.Memory | null = null;
  const reset = host['runtime.resetMemoryDataView']!;
  host['runtime.resetMemoryDataView'] = (sp) => {
    reset(sp);
    if (memory && memory.buffer.byteLength > memoryLimit) throw onMemoryLimit();
  };
  host['runtime.wasmWrite'] = () => {};
  options.wrapHost?.(host, go);
  const { callbacks } = options;
  if (callbacks) {
    const make = go._makeFuncWrapper.bind(go);
    go._makeFuncWrapper = (id) => {
      const made = make(id);
      callbacks.set(made, id);
      return made;
    };
  }
  const instance = new WebAssembly.Instance(module, go.importObject);
  memory = instance.exports.mem as WebAssembly.Memory;
  options.beforeRun?.(instance);
  if (options.image) return { go, api: startFromImage(go, instance, options.image) as Api };
  // Runs Go's main until it waits for calls; the promise settles only when the program ends.
  void go.run(instance);
  const scope = globalThis as Record<string, unknown>;
  const api = scope[globalName] as Api | undefined;
  delete scope[globalName];
  if (!api || !api.ready) throw new Error('the engine did not start');
  return { go, api };
}

interface GoStartOptions {
  /** Wraps the loader's calls (of `go`) before the instance is made. */
  wrapHost?: (host: GoHost, go: GoInstance) => void;
  /** Sees the instance before Go runs. */
  beforeRun?: (instance: WebAssembly.Instance) => void;
  /** Puts the program in the image's state instead of running Go's start. */
  image?: StartImage;
  /** Collects the function the loader makes for each Go callback, with its id (for an image). */
  callbacks?: Map<unknown, number>;
}

/** The module's globals, exported by the engine's build in their order. */
function exportedGlobals(instance: WebAssembly.Instance): WebAssembly.Global[] {
  return Object.entries(instance.exports).filter(([name]) => name.startsWith(GLOBAL_EXPORT_PREFIX))
    .sort(([a], [b]) => Number(a.slice(GLOBAL_EXPORT_PREFIX.length)) - Number(b.slice(GLOBAL_EXPORT_PREFIX.length)))
    .map(([, global]) => global as WebAssembly.Global);
}

/** Does what go.run does up to Go's main, with the image's state in place of running it; returns the API. */
function startFromImage(go: GoInstance, instance: WebAssembly.Instance, { header, pages }: StartImage): unknown {
  const memory = instance.exports.mem as WebAssembly.Memory;
  const missing = header.memoryBytes - memory.buffer.byteLength;
  if (missing > 0) memory.grow(Math.ceil(missing / 65536));
  const bytes = new Uint8Array(memory.buffer);
  for (const { first, count } of pageRuns(header.pages)) pages.read(first, count, bytes, header.pages[first]! * IMAGE_PAGE_BYTES);
  exportedGlobals(instance).forEach((global, i) => { global.value = header.globals[i]!.bigint ? BigInt(header.globals[i]!.value) : Number(header.globals[i]!.value); });
  go._inst = instance;
  go.mem = new DataView(memory.buffer);
  go.exited = false;
  go._values = makeValues(header.values, go, (id) => go._makeFuncWrapper(id));
  go._goRefCounts = header.refCounts.map(Number);
  go._ids = new Map(header.ids.map((i) => [go._values[i], i]));
  go._idPool = [...header.idPool];
  go._scheduledTimeouts = new Map();
  go._nextCallbackTimeoutID = header.nextCallbackTimeoutID;
  return go._values[header.api];
}

/**
 * The program of `moduleBytes` started (and prepared: PROGRAMS), as an image (src/otto/start-image.ts), for
 * scripts/engine-image.mjs. Throws when the state holds what an image cannot keep.
 */
export function captureStartImage(program: ProgramName, moduleBytes: Uint8Array<ArrayBuffer>, data: Uint8Array): Uint8Array {
  const callbacks = new Map<unknown, number>();
  const { go, api } = runGo<{ ready: boolean; prepare?: () => string }>(new WebAssembly.Module(moduleBytes), PROGRAMS[program].api, 2 ** 32, () => new Error('out of memory'), {
    callbacks, beforeRun: (instance) => writeSegments(instance.exports.mem as WebAssembly.Memory, data),
  });
  if (PROGRAMS[program].prepare) api.prepare!();
  if (go._scheduledTimeouts.size > 0) throw new Error(`the ${program} has timers pending after its start`);
  const memory = new Uint8Array((go._inst.exports.mem as WebAssembly.Memory).buffer);
  const header: StartImageHeader = {
    format: 1,
    moduleBytes: moduleBytes.length,
    memoryBytes: memory.length,
    pages: nonZeroPages(memory),
    globals: exportedGlobals(go._inst).map((g) => ({ value: String(g.value), bigint: typeof g.value === 'bigint' })),
    values: describeValues(go._values, go._ids, go, callbacks),
    refCounts: go._goRefCounts.map((n) => (n === Infinity ? 'Infinity' : n)),
    ids: [...go._ids.values()],
    idPool: [...go._idPool],
    nextCallbackTimeoutID: go._nextCallbackTimeoutID,
    api: go._ids.get(api)!,
  };
  return encodeStartImage(header, memory);
}

/** Where the build writes a program's start image of an otto commit. */
export function startImageFile(program: ProgramName, otto: OttoCommit): URL {
  return packageFile(`dist/${PROGRAMS[program].image}-${otto}.bin`);
}

/** The start images this thread read, by program and otto (each keeps its file open for its pages). */
const startImages = new Map<string, StartImage | null>();

/**
 * The start image of a program of an otto, when the build made one for the module there is now: null when
 * there is none, when it is for another module (its size), or, in a working copy, older than the module
 * (a module rebuilt since; an installed copy's file times say nothing, as src/launch.cts says). Only its
 * header is read here. Its pages are read from the file straight to where they go, as they are needed:
 * here a fresh page of memory costs tens of microseconds, and a copy between would double that.
 */
export function readStartImage(program: ProgramName, otto: OttoCommit): StartImage | null {
  const key = `${program} ${otto}`;
  if (!startImages.has(key)) startImages.set(key, openStartImage(startImageFile(program, otto), moduleFile(program, otto)));
  return startImages.get(key)!;
}

function openStartImage(file: URL, module: URL): StartImage | null {
  let fd: number | null = null;
  try {
    if (!builtIsCurrent(file, module)) return null;
    fd = openSync(file, 'r');
    const opened = fd;
    const prefix = new Uint8Array(4);
    readFully(opened, prefix, 0, 4, 0);
    const bytes = new Uint8Array(4 + new DataView(prefix.buffer).getUint32(0, true));
    readFully(opened, bytes, 0, bytes.length, 0);
    const found = decodeStartImageHeader(bytes, fstatSync(opened).size);
    if (!found || found.header.moduleBytes !== statSync(module).size) {
      closeSync(opened);
      return null;
    }
    const { header, pagesAt } = found;
    return { header, pages: { read: (first, count, into, at) => readFully(opened, into, at, count * IMAGE_PAGE_BYTES, pagesAt + first * IMAGE_PAGE_BYTES) } };
  } catch {
    if (fd !== null) closeSync(fd);
    return null;
  }
}

/** Reads `length` bytes of a file at `position` into `into` at `at`; throws at the file's end. */
function readFully(fd: number, into: Uint8Array, at: number, length: number, position: number): void {
  for (let done = 0; done < length;) {
    const read = readSync(fd, into, at + done, length - done, position + done);
    if (read === 0) throw new Error('the start image ends early');
    done += read;
  }
}

/**
 * Starts otto's parser of an otto (engine/cmd/parser; `module` compiled from its module file) in this
 * thread: from its start image, or, without one (null), by running Go's start.
 */
export function startOttoParser(module: WebAssembly.Module, otto: OttoCommit, image = readStartImage('parser', otto)): OttoParser {
  const data = image ? undefined : readData('parser', otto);
  // Go's timers (its runtime's own) never keep the thread alive: nothing waits for them.
  const { go, api } = runGo<OttoParserApi>(module, PROGRAMS.parser.api, PARSER_MEMORY_BYTES, () => new Error('out of memory'), {
    image: image ?? undefined,
    beforeRun: data && ((instance) => writeSegments(instance.exports.mem as WebAssembly.Memory, data)),
    wrapHost: (host, loader) => {
      const schedule = host['runtime.scheduleTimeoutEvent']!;
      host['runtime.scheduleTimeoutEvent'] = (sp) => {
        schedule(sp);
        (loader._scheduledTimeouts.get(loader._nextCallbackTimeoutID - 1) as NodeJS.Timeout | undefined)?.unref();
      };
    },
  });
  return {
    check: (source) => api.check(source),
    stop: () => {
      for (const timer of go._scheduledTimeouts.values()) clearTimeout(timer as NodeJS.Timeout);
      go._scheduledTimeouts.clear();
      go.exited = true;
    },
  };
}

/**
 * Starts the engine's Go program of `module`, which can be saved and restored (GoState): the build's write
 * barrier marks the pages its stores write, and the loader's writes from JavaScript are marked here. It
 * starts from its start image, or runs Go's start on its data segments (readEngineData).
 */
export function startGoProgram(module: WebAssembly.Module, memoryLimit: number, onMemoryLimit: () => Error, from: { image: StartImage } | { data: Uint8Array }): GoProgram {
  const image = 'image' in from ? from.image : undefined;
  let memory: WebAssembly.Memory | null = null;
  // Until the instance says the map's layout (before Go runs), nothing is marked.
  let map: DirtyMap = { bytes: 0, pageShift: 0, dataEnd: 0 };
  // What the loader writes into Go's memory from JavaScript is marked as the module's own stores are: the
  // results it leaves on Go's stack after each call, and the slices some calls fill.
  const markLoaderWrites = (host: GoHost) => {
    for (const [name, call] of Object.entries(host)) {
      const slice = SLICE_WRITERS[name];
      host[name] = (sp: number) => {
        call(sp);
        if (!memory) return;
        const view = new DataView(memory.buffer);
        markWritten(map, memory.buffer, sp >>> 0, STACK_RESULT_BYTES);
        if (slice !== undefined) markWritten(map, memory.buffer, view.getUint32((sp >>> 0) + slice, true), view.getUint32((sp >>> 0) + slice + 8, true));
      };
    }
  };
  let globals: WebAssembly.Global[] = [];
  const readLayout = (instance: WebAssembly.Instance) => {
    const layout = (name: string) => (instance.exports[name] as WebAssembly.Global | undefined)?.value as number | undefined;
    const mapBytes = layout('sgconf.dirtyMapBytes'), pageShift = layout('sgconf.dirtyPageShift'), dataEnd = layout('sgconf.dataEnd');
    if (!mapBytes || !pageShift || dataEnd === undefined) throw new Error('the engine module has no write barrier: rebuild it (npm run build:engine)');
    map = { bytes: mapBytes, pageShift, dataEnd };
    memory = instance.exports.mem as WebAssembly.Memory;
    globals = exportedGlobals(instance);
    if (globals.length === 0) throw new Error('the engine module exports no globals: rebuild it (npm run build:engine)');
    // Below dataEnd, what the instantiation of a module with its data would have written (the first state
    // saved holds those pages whole).
    if ('data' in from) writeSegments(memory, from.data);
  };
  const { go, api } = runGo<OttoApi>(module, PROGRAMS.engine.api, memoryLimit, onMemoryLimit, { wrapHost: markLoaderWrites, beforeRun: readLayout, image });
  // A program started from an image holds the image's pages: its first state is served from them.
  const initial = image ? { pages: image.header.pages, pageBytes: IMAGE_PAGE_BYTES, read: image.pages.read } : undefined;
  const memoryStates = new MemoryStates(map, () => new Uint8Array(memory!.buffer), initial);
  const save = (): GoState => ({ memory: memoryStates.save(), globals: globals.map((g) => g.value as number | bigint), loader: copyOfTables(go) });
  const restore = (state: GoState): void => {
    memoryStates.restore(state.memory);
    globals.forEach((g, i) => { g.value = state.globals[i]; });
    // A timer Go set since is cancelled: the state it would wake no longer exists.
    for (const [id, timer] of go._scheduledTimeouts) if (!state.loader._scheduledTimeouts.has(id)) clearTimeout(timer as NodeJS.Timeout);
    Object.assign(go, copyOfTables(state.loader));
    go.mem = new DataView(memory!.buffer);
  };
  return { api, exited: () => go.exited, save, restore };
}

/**
 * The module as the engine's build instruments it (scripts/engine-module.mjs): Go's globals exported under
 * this prefix, and a dirty map at address 0 whose layout two exports give.
 */
const GLOBAL_EXPORT_PREFIX = 'sgconf.global.';

/** The bytes after the stack pointer where the loader's calls leave their results (the largest: 64). */
const STACK_RESULT_BYTES = 128;
/** The loader's calls that fill a Go slice, and where on the stack the slice (pointer, length) is. */
const SLICE_WRITERS: Record<string, number> = { 'syscall/js.valueLoadString': 16, 'syscall/js.copyBytesToGo': 8, 'runtime.getRandomData': 8 };


/** A program's module of an otto commit, compiled. */
export function compileModule(program: ProgramName, otto: OttoCommit): Promise<WebAssembly.Module> {
  return compileModuleFile(moduleFile(program, otto));
}

async function compileModuleFile(file: URL): Promise<WebAssembly.Module> {
  return WebAssembly.compile(await readFile(file));
}
