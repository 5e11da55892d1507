// Loads the gateway's engine (engine/: otto compiled from Go to WebAssembly) into this thread: the module
// files, the Go toolchain's loader, and the start of a Go program with the host's hooks. src/sync/ runs
// functions in it (in workers); src/functions/ asks its parser whether otto reads a function.
import { compileFunction } from 'node:vm';
import { closeSync, fstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { builtIsCurrent, packageFile } from '../paths.js';
import { readOffThread } from '../fs-async.js';
import { withCompilationHints } from './compilation-hints.js';
import { monotonicMs } from '../clock.js';
import type { OttoCommit } from '../releases/sync-runner.js';
import { markWritten, MemoryStates, type DirtyMap, type SavedMemory } from './saved-memory.js';
import { decodeStartImageHeader, describeValues, encodeStartImage, IMAGE_PAGE_BYTES, makeValues, nonZeroPages, pageRuns, type StartImage, type StartImageHeader } from './start-image.js';

export type { StartImage } from './start-image.js';

/** What the engine's Go program exports (engine/cmd/engine/main.go): JSON text in and out. */
export interface OttoApi {
  ready: boolean;
  /** Makes what running programs needs (underscore.js's runtime), before the host saves the start state. */
  prepare(): string;
  /** The address of the runtime's memory break, blocMax (engine/heap): 8 bytes, little-endian. */
  breakAddress: number;
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
const PARSER_MEMORY_BYTES = 1024 * 1024 * 1024;

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
  /** Runs Go until it waits again: from a Go callback's call, and from the timers Go asks for. */
  _resume(): void;
}

/** The Go programs of the engine's build (engine/cmd/): the engine, and otto's parser alone. */
export type ProgramName = 'engine' | 'parser';

/**
 * Each program's files, named by the otto commit it holds: its module (engine/wasm/<module>-<otto>.wasm,
 * by scripts/build-engine.mjs) and the module's data segments beside it (.data, engine-module.mjs
 * separateData); its start image (dist/<image>-<otto>.bin, by scripts/engine-image.mjs); the global its
 * Go main sets to its API; and what the API is asked after Go's start (runGo), so before the image is
 * taken: the engine makes underscore.js's runtime, and the parser reads a function once, so that the first
 * question after a start finds Go's heap grown as a question grows it (that heap is then in the image,
 * whose pages are written while the module compiles; here each fresh page costs tens of microseconds).
 */
const PROGRAMS: Record<ProgramName, { module: string; image: string; api: string; prepare: (api: never) => void }> = {
  engine: { module: 'otto', image: 'engine-start', api: 'sgconfOtto', prepare: (api: OttoApi) => api.prepare() },
  parser: { module: 'parser', image: 'parser-start', api: 'sgconfOttoParser', prepare: (api: OttoParserApi) => api.check(PARSER_WARM_UP) },
};

/** A function for the parser to read before its image is taken: the kinds of syntax a gateway function has. */
const PARSER_WARM_UP = `function (doc, oldDoc, meta) {
  var owner = doc.owner || (oldDoc && oldDoc.owner), kinds = ['a', "b"], n = 0;
  if (!/^[a-z0-9_-]+$/i.test(doc.type)) throw({forbidden: 'bad type: ' + doc.type});
  for (var key in doc) { if (doc.hasOwnProperty(key) && typeof doc[key] === 'object') n += 1; }
  switch (doc.type) { case 'note': requireUser(owner); break; default: requireRole(['admin']); }
  try { channel(kinds.map(function (k) { return k + '-' + owner; })); } catch (e) { return; }
  access(owner, doc.channels ? doc.channels : []); expiry(n > 2 ? 3600 : null);
}`;

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

/**
 * The Go toolchain's loader (wasm_exec.js, copied by the engine's build) defines globalThis.Go, once per
 * thread. It is a script, and runs as the body of a function: required, it would go through the ES module
 * loader (this package's type is "module"). Its `performance` and `crypto` are the function's parameters:
 * Node 20 makes each global the first time it is read, loading perf_hooks, and Web Crypto with the streams
 * (some 30 ms of every thread's start here). Go's clock is then a monotonic one of its own (monotonicMs),
 * and Web Crypto loads only if Go asks for random data, which a program started from its image never does.
 * While the loader checks that those globals exist, they are plain objects; the `path` it defines when
 * there is none (for relative file names, which these programs never open) is taken away again.
 */
function goClass(): new () => GoInstance {
  if (GoClass) return GoClass;
  const file = fileURLToPath(packageFile('engine/wasm/wasm_exec.js'));
  const loader = compileFunction(readFileSync(file, 'utf8'), ['performance', 'crypto'], { filename: file });
  const clock = { now: monotonicMs };
  const random = { getRandomValues: <T extends ArrayBufferView>(array: T): T => (globalThis.crypto.getRandomValues as (a: T) => T)(array) };
  const saved = ['performance', 'crypto', 'path'].map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const);
  for (const [name] of saved) if (name !== 'path') Object.defineProperty(globalThis, name, { value: {}, configurable: true, writable: true });
  try {
    loader(clock, random);
  } finally {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    }
  }
  GoClass = (globalThis as { Go?: new () => GoInstance }).Go!;
  return GoClass;
}

type GoHost = Record<string, (sp: number) => void>;


/**
 * What a Go program of the build starts from: its start image, already written into the memory it will have
 * (imageMemory: that can be done while its module compiles), or its module's data segments, for running
 * Go's start.
 */
export type ProgramStart = { image: StartImage; memory: WebAssembly.Memory } | { data: Uint8Array };

/**
 * A program's start: from its image when the build made one (readStartImage), written into `memory` when
 * given (imageMemory), else from its data.
 */
export function programStart(program: ProgramName, otto: OttoCommit, memory?: WebAssembly.Memory): ProgramStart {
  const image = readStartImage(program, otto);
  return image ? { image, memory: imageMemory(image, memory) } : { data: readData(program, otto) };
}

/**
 * A memory for a module of the build (which imports it) holding the image's pages, read from its file: into
 * `memory` when given (made by emptyImageMemory: compileTrimmedModule may have used it), else a new one.
 */
export function imageMemory(image: StartImage, memory: WebAssembly.Memory = emptyImageMemory(image)): WebAssembly.Memory {
  const { header, pages } = image;
  const bytes = new Uint8Array(memory.buffer);
  for (const { first, count } of pageRuns(header.pages)) pages.read(first, count, bytes, header.pages[first]! * IMAGE_PAGE_BYTES);
  return memory;
}

/** A fresh memory of an image's size, its pages not written yet (imageMemory writes them). */
export function emptyImageMemory(image: StartImage): WebAssembly.Memory {
  return new WebAssembly.Memory({ initial: Math.ceil(image.header.memoryBytes / WASM_PAGE_BYTES) });
}

const WASM_PAGE_BYTES = 65536;

/** The initial size of the memory a module of the build imports, in WebAssembly pages (engine-module.mjs importMemory). */
function initialMemoryPages(module: WebAssembly.Module): number {
  const [section] = WebAssembly.Module.customSections(module, MEMORY_PAGES_SECTION);
  if (!section) throw new Error('the module does not import its memory: rebuild it (npm run build:engine)');
  return new DataView(section).getUint32(0, true);
}

/** The memory import and the custom section of a module of the build (scripts/engine-module.mjs importMemory). */
const MEMORY_IMPORT = { module: 'sgconf', name: 'mem' };
const MEMORY_PAGES_SECTION = 'sgconf.memoryPages';

/**
 * Instantiates a Go program with the loader and runs its main until it waits for calls, then prepares it
 * (PROGRAMS), or puts it in its start image's state (the same) instead; `api` is the object main set as
 * the program's global (taken off the global scope).
 * Past `memoryLimit`, the call that grew Go's memory throws `onMemoryLimit()` (the call ends; the program is
 * broken from then on). What Go prints is dropped. `beforeRun` sees the instance before Go runs (and may
 * wrap the loader's calls, `host`, before that).
 */
function runGo<Api extends { ready: boolean }>(program: ProgramName, module: WebAssembly.Module, memoryLimit: number, onMemoryLimit: () => Error, from: ProgramStart, options: GoStartOptions = {}): { go: GoInstance; api: Api } {
  const go = new (goClass())();
  const host = (go.importObject as Record<string, GoHost>).gojs!;
  const memory = 'memory' in from ? from.memory : new WebAssembly.Memory({ initial: initialMemoryPages(module) });
  // Below the data's end, what the instantiation of a module with its data would have written.
  if ('data' in from) writeSegments(memory, from.data);
  (go.importObject as Record<string, Record<string, unknown>>)[MEMORY_IMPORT.module] = { [MEMORY_IMPORT.name]: memory };
  const reset = host['runtime.resetMemoryDataView']!;
  host['runtime.resetMemoryDataView'] = (sp) => {
    reset(sp);
    if (memory.buffer.byteLength > memoryLimit) throw onMemoryLimit();
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
  options.beforeRun?.(instance);
  if ('image' in from) return { go, api: startFromImage(go, instance, from.image) as Api };
  // Runs Go's main until it waits for calls; the promise settles only when the program ends.
  void go.run(instance);
  const scope = globalThis as Record<string, unknown>;
  const api = scope[PROGRAMS[program].api] as Api | undefined;
  delete scope[PROGRAMS[program].api];
  if (!api || !api.ready) throw new Error(`the ${program} did not start`);
  PROGRAMS[program].prepare(api as never);
  return { go, api };
}

interface GoStartOptions {
  /** Wraps the loader's calls (of `go`) before the instance is made. */
  wrapHost?: (host: GoHost, go: GoInstance) => void;
  /** Sees the instance before Go runs. */
  beforeRun?: (instance: WebAssembly.Instance) => void;
  /** Collects the function the loader makes for each Go callback, with its id (for an image). */
  callbacks?: Map<unknown, number>;
}

/** The module's globals, exported by the engine's build in their order. */
function exportedGlobals(instance: WebAssembly.Instance): WebAssembly.Global[] {
  return Object.entries(instance.exports).filter(([name]) => name.startsWith(GLOBAL_EXPORT_PREFIX))
    .sort(([a], [b]) => Number(a.slice(GLOBAL_EXPORT_PREFIX.length)) - Number(b.slice(GLOBAL_EXPORT_PREFIX.length)))
    .map(([, global]) => global as WebAssembly.Global);
}

/**
 * Does what go.run does up to Go's main, with the image's state in place of running it (its memory holds
 * the image's pages already: imageMemory); returns the API.
 */
function startFromImage(go: GoInstance, instance: WebAssembly.Instance, { header }: StartImage): unknown {
  const memory = instance.exports.mem as WebAssembly.Memory;
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
  const { go, api } = runGo<{ ready: boolean }>(program, new WebAssembly.Module(withCompilationHints(moduleBytes) as Uint8Array<ArrayBuffer>), 2 ** 32, () => new Error('out of memory'), { data }, { callbacks });
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

/** Where the build writes a program's module trimmed to the functions its questions reached (scripts/engine-image.mjs). */
export function trimmedModuleFile(program: ProgramName, otto: OttoCommit): URL {
  return packageFile(`dist/${PROGRAMS[program].module}-trimmed-${otto}.wasm`);
}

/**
 * The trimmed module written with a program's start image (trimmedModuleFile), compiled, for a program
 * started from that image: null when the image names none, or the file is not the one it names. A function
 * the build never saw run traps there at its first call (scripts/engine-module.mjs keepFunctions): the
 * question is then one for the whole module.
 * Given the memory the program will start in (emptyImageMemory, before imageMemory writes it), the file is
 * read into it, where a run of the image's pages will be written, and compiled from there: V8 copies the
 * bytes as the compile starts, so the fresh pages that read takes are the ones the image's pages then go to,
 * paid once (here about 270 pages, 4 ms), and the compile starts at once, on this thread's read.
 */
export function compileTrimmedModule(program: ProgramName, otto: OttoCommit, image: StartImage, memory?: WebAssembly.Memory): Promise<WebAssembly.Module> | null {
  const size = image.header.trimmedModuleBytes;
  if (size === undefined) return null;
  const file = fileURLToPath(trimmedModuleFile(program, otto));
  try {
    if (statSync(file).size !== size) return null;
  } catch {
    return null;
  }
  const at = memory ? overwrittenRun(image, size) : null;
  if (memory === undefined || at === null) return compileFile(file);
  try {
    const bytes = new Uint8Array(memory.buffer, at, size);
    const fd = openSync(file, 'r');
    try {
      readFully(fd, bytes, 0, size, 0);
    } finally {
      closeSync(fd);
    }
    return WebAssembly.compile(bytes);
  } catch {
    return null;
  }
}

/**
 * Where `bytes` bytes fit within one run of an image's pages (so that writing the image overwrites every one
 * of them): their address in the program's memory, or null when no run is that long.
 */
function overwrittenRun(image: StartImage, bytes: number): number | null {
  const pages = image.header.pages;
  const run = pageRuns(pages).find(({ count }) => count * IMAGE_PAGE_BYTES >= bytes);
  return run ? pages[run.first]! * IMAGE_PAGE_BYTES : null;
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
 * Starts otto's parser (engine/cmd/parser; `module` compiled from its module file) in this thread, from
 * programStart('parser', its otto).
 */
export function startOttoParser(module: WebAssembly.Module, from: ProgramStart): OttoParser {
  // Go's timers (its runtime's own) never keep the thread alive: nothing waits for them.
  const { go, api } = runGo<OttoParserApi>('parser', module, PARSER_MEMORY_BYTES, () => new Error('out of memory'), from, {
    wrapHost: (host, loader) => {
      const schedule = host['runtime.scheduleTimeoutEvent']!;
      host['runtime.scheduleTimeoutEvent'] = (sp) => {
        schedule(sp);
        (loader._scheduledTimeouts.get(loader._nextCallbackTimeoutID - 1) as NodeJS.Timeout | undefined)?.unref();
      };
    },
  });
  const stop = () => {
    for (const timer of go._scheduledTimeouts.values()) clearTimeout(timer as NodeJS.Timeout);
    go._scheduledTimeouts.clear();
    go.exited = true;
  };
  // Go that fails (a trap of the trimmed module, the stack, the memory limit) breaks the program. In one of
  // its timers the loader would throw that out of the event loop, and run it again while the timer is
  // pending: the failure is kept for the next question instead, and the program stopped.
  let failure: { error: unknown } | null = null;
  const resume = go._resume.bind(go);
  go._resume = () => {
    if (failure) return;
    try {
      resume();
    } catch (error) {
      failure = { error };
      stop();
    }
  };
  return {
    check: (source) => {
      // A failure during the call is caught by _resume above, and the call then returns nothing: thrown here.
      const answer = failure ? undefined : api.check(source);
      if (failure) throw failure.error;
      return answer!;
    },
    stop,
  };
}

/**
 * Starts the engine's Go program of `module`, which can be saved and restored (GoState): the build's write
 * barrier marks the pages its stores write, and the loader's writes from JavaScript are marked here. It
 * starts from programStart('engine', its otto).
 */
export function startGoProgram(module: WebAssembly.Module, memoryLimit: number, onMemoryLimit: () => Error, from: ProgramStart): GoProgram {
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
  };
  // Below dataEnd, the data's pages: unmarked, and held whole by the first state saved.
  const { go, api } = runGo<OttoApi>('engine', module, memoryLimit, onMemoryLimit, from, { wrapHost: markLoaderWrites, beforeRun: readLayout });
  // A program started from an image holds the image's pages: its first state is served from them.
  const initial = image ? { pages: image.header.pages, pageBytes: IMAGE_PAGE_BYTES, read: image.pages.read } : undefined;
  const memoryStates = new MemoryStates(map, () => new Uint8Array(memory!.buffer), initial);
  const save = (): GoState => ({ memory: memoryStates.save(), globals: globals.map((g) => g.value as number | bigint), loader: copyOfTables(go) });
  const restore = (state: GoState): void => {
    memoryStates.restore(state.memory);
    // The memory never shrinks: Go's break moves to its end, or the next call that grows Go's heap would
    // grow the memory again from the saved break (engine/heap). Past the saved break it is all zero now.
    const view = new DataView(memory!.buffer);
    if (view.getBigUint64(api.breakAddress, true) < BigInt(memory!.buffer.byteLength)) {
      view.setBigUint64(api.breakAddress, BigInt(memory!.buffer.byteLength), true);
      markWritten(map, memory!.buffer, api.breakAddress, 8);
    }
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


/**
 * A program's module of an otto commit, compiled: the one with compilation hints that the build wrote with
 * the program's start image (hintedModuleFile), if any and if it is the one the image names.
 */
export function compileModule(program: ProgramName, otto: OttoCommit): Promise<WebAssembly.Module> {
  const hinted = hintedModuleFile(program, otto);
  const size = readStartImage(program, otto)?.header.hintedModuleBytes;
  try {
    if (size !== undefined && statSync(hinted).size === size) return compileFile(fileURLToPath(hinted));
  } catch {
    // No such file: the module as Go wrote it.
  }
  return compileFile(fileURLToPath(moduleFile(program, otto)));
}

/**
 * Where the build writes a program's module with compilation hints (src/otto/compilation-hints.ts): the
 * functions that the program's usual calls reach compiled as it compiles (scripts/engine-image.mjs).
 */
export function hintedModuleFile(program: ProgramName, otto: OttoCommit): URL {
  return packageFile(`dist/${PROGRAMS[program].module}-hinted-${otto}.wasm`);
}

/** A module file, read on Node's thread pool and compiled; a module without compilation hints gets them (every function lazy). */
async function compileFile(file: string): Promise<WebAssembly.Module> {
  return WebAssembly.compile(withCompilationHints((await readOffThread(file)) as Buffer<ArrayBuffer>) as Uint8Array<ArrayBuffer>);
}
