// Loads the gateway's engine (engine/: otto compiled from Go to WebAssembly) into this thread: the module
// files, the Go toolchain's loader, and the start of a Go program with the host's hooks. src/sync/ runs
// functions in it (in workers); src/functions/ asks its parser whether otto reads a function.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { packageFile } from '../paths.js';
import type { OttoCommit } from '../releases/sync-runner.js';

/** What the Go program exports (engine/cmd/engine/main.go): JSON text in and out. */
export interface OttoApi {
  ready: boolean;
  compile(role: string, source: string, options: string): string;
  run(batch: string): string;
  check(source: string): string;
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

/**
 * V8 compiles the modules with its baseline compiler only: optimising Go's large functions takes longer
 * than a command runs (1,000 cases of the orders example ran in 0.8 s so, 2.3 s with optimisation), and
 * the optimising jobs still running when a command ends hold the process for a second more. Optimised
 * code runs a call about 3x faster, but V8 chooses what to optimise by the code a function has run, and
 * Go's one-off giant functions (otto's newContext, 354 KB, takes 2-3 s of compiling alone) come first:
 * the examples' 11 cases take 1.5 s instead of 0.6 s, 10,000 cases of the orders example about the same
 * either way, 20,000 cases 6-7.7 s instead of 10.3 s (2 cores). The tiers of a module are fixed when it is
 * compiled, before a command knows how many cases it has. The flag holds for the process, which runs no
 * other WebAssembly.
 */
function baselineCompilerOnly(): void {
  setFlagsFromString('--liftoff-only');
}

/** The module of an otto commit, compiled. */
export async function compileOttoModule(otto: OttoCommit): Promise<WebAssembly.Module> {
  baselineCompilerOnly();
  return WebAssembly.compile(await readFile(ottoModuleFile(otto)));
}

/** The same without waiting (for one-off use, such as lint's syntax check). */
export function compileOttoModuleSync(otto: OttoCommit): WebAssembly.Module {
  baselineCompilerOnly();
  return new WebAssembly.Module(readFileSync(ottoModuleFile(otto)));
}
