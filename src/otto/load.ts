// Loads the gateway's engine (engine/: otto compiled from Go to WebAssembly) into this thread: the module
// files, the Go toolchain's loader, and the start of a Go program with the host's hooks. src/sync/ runs
// functions in it (in workers); src/functions/ asks its parser whether otto reads a function.
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { packageFile } from '../paths.js';
import type { OttoCommit } from '../releases/sync-runner.js';
import { markWritten, MemoryStates, type DirtyMap, type SavedMemory } from './saved-memory.js';

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
export interface OttoParser {
  ready: boolean;
  /** `{}` when otto reads "(" + source + ")", else `{"message", "line", "column"}`. */
  check(source: string): string;
}

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
  run(instance: WebAssembly.Instance): Promise<void>;
}

/** The engine's module of an otto commit, made by scripts/build-engine.mjs. */
export function ottoModuleFile(otto: OttoCommit): URL {
  return packageFile(`engine/wasm/otto-${otto}.wasm`);
}

/** otto's parser alone, of an otto commit (engine/cmd/parser): a third of the engine's module. */
export function parserModuleFile(otto: OttoCommit): URL {
  return packageFile(`engine/wasm/parser-${otto}.wasm`);
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
function runGo<Api extends { ready: boolean }>(module: WebAssembly.Module, globalName: string, memoryLimit: number, onMemoryLimit: () => Error, wrapHost?: (host: GoHost) => void, beforeRun?: (instance: WebAssembly.Instance) => void): { go: GoInstance; api: Api } {
  const go = new (goClass())();
  const host = (go.importObject as Record<string, GoHost>).go!;
  let memory: WebAssembly.Memory | null = null;
  const reset = host['runtime.resetMemoryDataView']!;
  host['runtime.resetMemoryDataView'] = (sp) => {
    reset(sp);
    if (memory && memory.buffer.byteLength > memoryLimit) throw onMemoryLimit();
  };
  host['runtime.wasmWrite'] = () => {};
  wrapHost?.(host);
  const instance = new WebAssembly.Instance(module, go.importObject);
  memory = instance.exports.mem as WebAssembly.Memory;
  beforeRun?.(instance);
  // Runs Go's main until it waits for calls; the promise settles only when the program ends.
  void go.run(instance);
  const scope = globalThis as Record<string, unknown>;
  const api = scope[globalName] as Api | undefined;
  delete scope[globalName];
  if (!api || !api.ready) throw new Error('the engine did not start');
  return { go, api };
}

/** Starts otto's parser (engine/cmd/parser, of the otto compileParserModule compiled) in this thread. */
export function startOttoParser(module: WebAssembly.Module, memoryLimit: number): OttoParser {
  return runGo<OttoParser>(module, 'sgconfOttoParser', memoryLimit, () => new Error('out of memory')).api;
}

/**
 * Starts the engine's Go program of `module`, which can be saved and restored (GoState): the build's write
 * barrier marks the pages its stores write, and the loader's writes from JavaScript are marked here.
 */
export function startGoProgram(module: WebAssembly.Module, memoryLimit: number, onMemoryLimit: () => Error): GoProgram {
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
    globals = Object.entries(instance.exports).filter(([name]) => name.startsWith(GLOBAL_EXPORT_PREFIX))
      .sort(([a], [b]) => Number(a.slice(GLOBAL_EXPORT_PREFIX.length)) - Number(b.slice(GLOBAL_EXPORT_PREFIX.length)))
      .map(([, global]) => global as WebAssembly.Global);
    if (globals.length === 0) throw new Error('the engine module exports no globals: rebuild it (npm run build:engine)');
  };
  const { go, api } = runGo<OttoApi>(module, 'sgconfOtto', memoryLimit, onMemoryLimit, markLoaderWrites, readLayout);
  const memoryStates = new MemoryStates(map, () => new Uint8Array(memory!.buffer));
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


/** otto's parser module of an otto commit, compiled. */
export async function compileParserModule(otto: OttoCommit): Promise<WebAssembly.Module> {
  return WebAssembly.compile(await readFile(parserModuleFile(otto)));
}

/** The engine's module of an otto commit, compiled. */
export async function compileOttoModule(otto: OttoCommit): Promise<WebAssembly.Module> {
  return WebAssembly.compile(await readFile(ottoModuleFile(otto)));
}
