// Loads the gateway's engine (engine/: otto compiled from Go to WebAssembly) into this thread: the module
// files, the Go toolchain's loader, and the start of a Go program with the host's hooks. src/sync/ runs
// functions in it (in workers); src/functions/ asks its parser whether otto reads a function.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { packageFile } from '../paths.js';
import type { OttoCommit } from '../releases/sync-runner.js';

/** What the Go program exports (engine/cmd/engine/main.go): JSON text in and out. */
export interface OttoApi {
  ready: boolean;
  compile(role: string, source: string, options: string): string;
  run(batch: string): string;
  check(source: string): string;
  expiry(values: string): string;
  free(id: number): void;
}

export interface GoProgram {
  api: OttoApi;
  /** True once the Go program has ended (a fatal error): it answers no more. */
  exited(): boolean;
}

interface GoInstance {
  importObject: WebAssembly.Imports;
  exited: boolean;
  run(instance: WebAssembly.Instance): Promise<void>;
}

/** The module of an otto commit, made by scripts/build-engine.mjs. */
export function ottoModuleFile(otto: OttoCommit): URL {
  return packageFile(`engine/wasm/otto-${otto}.wasm`);
}

let GoClass: (new () => GoInstance) | null = null;

/** The Go toolchain's loader (wasm_exec.js, copied by the engine's build) defines globalThis.Go, once per thread. */
function goClass(): new () => GoInstance {
  if (GoClass) return GoClass;
  createRequire(import.meta.url)(fileURLToPath(packageFile('engine/wasm/wasm_exec.js')));
  GoClass = (globalThis as { Go?: new () => GoInstance }).Go!;
  return GoClass;
}

/**
 * Starts the Go program of `module`. `memoryLimit`: past it, the call that grew Go's memory throws
 * `onMemoryLimit()` (the call ends; the program is broken from then on). What Go prints is dropped.
 */
export function startGoProgram(module: WebAssembly.Module, memoryLimit: number, onMemoryLimit: () => Error): GoProgram {
  const Go = goClass();
  const go = new Go();
  const host = (go.importObject as Record<string, Record<string, (sp: number) => void>>).go!;
  let memory: WebAssembly.Memory | null = null;
  const reset = host['runtime.resetMemoryDataView']!;
  host['runtime.resetMemoryDataView'] = (sp) => {
    reset(sp);
    if (memory && memory.buffer.byteLength > memoryLimit) throw onMemoryLimit();
  };
  host['runtime.wasmWrite'] = () => {};
  const instance = new WebAssembly.Instance(module, go.importObject);
  memory = instance.exports.mem as WebAssembly.Memory;
  // Runs Go's main until it waits for calls; the promise settles only when the program ends.
  void go.run(instance);
  const api = (globalThis as { sgconfOtto?: OttoApi }).sgconfOtto;
  delete (globalThis as { sgconfOtto?: OttoApi }).sgconfOtto;
  if (!api || !api.ready) throw new Error('the engine did not start');
  return { api, exited: () => go.exited };
}

/** The module of an otto commit, compiled. */
export async function compileOttoModule(otto: OttoCommit): Promise<WebAssembly.Module> {
  return WebAssembly.compile(await readFile(ottoModuleFile(otto)));
}

/** The same without waiting (for one-off use, such as lint's syntax check). */
export function compileOttoModuleSync(otto: OttoCommit): WebAssembly.Module {
  return new WebAssembly.Module(readFileSync(ottoModuleFile(otto)));
}
