// Start-up of the executable (bin/sgconf.js). A cold `sgconf lint` must cost little more than starting
// Node (issue 6), and on Node 20 three things stood in the way, each answered here:
// - resolving, reading and compiling some 200 ES modules one by one: the CLI runs from one bundled
//   CommonJS file, dist/sgconf.cjs (scripts/bundle.mjs);
// - compiling that code from source on every run: it is compiled through V8's code cache
//   (<file>.v8cache). Node 20 has no compile cache for ES modules, hence vm.Script and CommonJS;
// - an ES module entry alone costs some 8 ms of loader set-up: this file and bin/sgconf.js are CommonJS.
// Parts only some runs need (the validator of each kind, the YAML parser) are chunks of their own
// (dist/sgconf-<chunk>.cjs) with their own caches, so that a run deserializes only what it uses.
// Without the bundle (a tsc-only build, or one older than the ES modules) or with SGCONF_NO_BUNDLE set,
// the ES modules of dist/ run as is.
import { closeSync, openSync, readFileSync, readSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';
import type { CliHost } from './cli/io.js' with { 'resolution-mode': 'import' };

/**
 * The V8 flags every run of the CLI starts Node with, set before V8 starts (Node documents that setting
 * them at run time may crash the process). bin/sgconf.js's shell line passes them when sgconf is started
 * as a program; `node bin/sgconf.js` without them starts Node again with them (relaunch).
 * --liftoff-only: V8 compiles the engine's WebAssembly with its baseline compiler only. Optimising Go's
 * large functions takes longer than a command runs: the examples' 11 cases take 1.5 s instead of 0.55 s,
 * and the optimising jobs still running at the end hold the process. Optimised code runs a call about 3x
 * faster, but V8 picks what to optimise by the code a function has run, and Go's one-off giant functions
 * (otto's newContext, 354 KB, 2-3 s of compiling alone) come first. sgconf runs no other WebAssembly.
 * --wasm-lazy-validation: V8 checks each function of a module when it first compiles it, as it compiles
 * them (lazily), instead of the whole module before it hands it over: the engine's module (9 MB) is ready
 * in about 8 ms instead of 30 ms of a second core (measured with the pool's former warm-up: the examples'
 * 11 cases 269 → 250 ms). The modules are sgconf's own, and a test validates each of them whole
 * (test/cli/launch.test.ts), so no function is found invalid later.
 * --no-sparkplug: no baseline machine code for JavaScript either. A command is over before compiling it
 * pays: measured interleaved, a cold lint 205 → 202 ms, the examples' 11 cases 427 → 410 ms, and a lint of
 * 1,000 files or of a 20 MB config no slower (benches e and k); the hot code still gets optimised.
 * --interrupt-budget=250000 (V8's default 67,584): JavaScript is optimised after about four times as much
 * of it has run. A short command no longer optimises functions it is about to stop needing, on a second
 * thread whose work Node waits for before it exits: measured interleaved, a lint after a function changed
 * 237 → 226 ms, a cached lint 208 → 204 ms; a lint of 1,000 files (761 → 766 ms), of a 10 MB config (2,052
 * → 2,043 ms) and the examples' 11 cases (447 → 443 ms) the same. With 1,000,000 these were 10-15% slower.
 * --experimental-wasm-compilation-hints, --no-wasm-lazy-compilation: V8 compiles each function of a module
 * when its compilation hint says (src/otto/compilation-hints.ts; every module sgconf compiles has one per
 * function): the functions the engine's usual path reaches as the module compiles, on V8's threads, while
 * the CLI reads its inputs (the build's dist/otto-hinted-<otto>.wasm, src/sync/hot-path.ts), every other
 * one at its first call, as before. Measured interleaved with the engine on the command's thread
 * (src/sync/pool.ts runHereFirst): the examples' 11 cases 210 → 180 ms for both (node -e "" 62 ms).
 * The hints are an experimental feature of V8 (since 2019, still in its tests of 2025: Node 20 to 24); a V8
 * that reads no hints skips the section as any custom section. Should a later Node drop the flag, Node
 * refuses to start ("bad option"): the flag goes then, and the engine is as fast as without hints.
 * Every flag is part of V8's code cache check: the caches are made with the same flags (scripts/bundle.mjs).
 */
export const NODE_FLAGS: readonly string[] = ['--liftoff-only', '--wasm-lazy-validation', '--no-sparkplug', '--interrupt-budget=250000', '--experimental-wasm-compilation-hints', '--no-wasm-lazy-compilation'];

/**
 * The V8 flags of a run of many cases (src/cli/commands/test.ts decides, by the size of its test files):
 * none, so V8 optimises the engine's hot functions as they run (its dynamic tiering). A call then costs
 * about half as much once warm, which pays for the second start of Node (about 0.3 s, the code caches
 * being for NODE_FLAGS) from about a thousand cases of a small function, and from far fewer of a large one.
 */
export const OPTIMISING_FLAGS: readonly string[] = [];

/** Set in the environment of a run started with OPTIMISING_FLAGS. */
const OPTIMISING = 'SGCONF_OPTIMISING';

/** Whether this process was started without NODE_FLAGS (a run started with OPTIMISING_FLAGS never is). */
export function needsRelaunch(execArgv: readonly string[] = process.execArgv, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env[OPTIMISING] === '1') return false;
  return NODE_FLAGS.some((flag) => !execArgv.includes(flag));
}

/** Set in the environment of a run that relaunch started: that run ends when its launcher does. */
const LAUNCHED = 'SGCONF_LAUNCHED';

/**
 * Runs `script` again in a Node started with NODE_FLAGS, with this process's arguments, standard streams
 * and environment; resolves to its exit code. A signal this process gets is passed on, and a child ended
 * by a signal ends this process by the same signal. The two are joined by an IPC channel: should this
 * process be killed outright (SIGKILL, which cannot be passed on), the channel closes and the child ends
 * at once (followLauncher), as the one process a user started would have.
 */
export function relaunch(script: string, argv: readonly string[], v8Flags: readonly string[] = NODE_FLAGS, env: NodeJS.ProcessEnv = {}): Promise<number> {
  // Loaded here only: node:child_process brings node:net and the streams, some 15 ms of every start.
  const { spawn } = require('node:child_process') as typeof import('node:child_process');
  const flags = [...process.execArgv.filter((arg) => !NODE_FLAGS.includes(arg) && !OPTIMISING_FLAGS.includes(arg)), ...v8Flags];
  const child = spawn(process.execPath, [...flags, script, ...argv], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: { ...process.env, ...env, [LAUNCHED]: '1' } });
  const forward = (signal: NodeJS.Signals) => () => { child.kill(signal); };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const handlers = signals.map((signal) => [signal, forward(signal)] as const);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      for (const [name, handler] of handlers) process.off(name, handler);
      if (signal) process.kill(process.pid, signal);
      resolve(code ?? 1);
    });
  });
}

/** In a run that relaunch started: end when the launcher's channel closes; the channel keeps nothing alive. */
export function followLauncher(): void {
  if (process.env[LAUNCHED] !== '1') return;
  delete process.env[LAUNCHED];
  const channel = process.channel;
  if (!channel) return;
  channel.unref();
  process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));
}

export type CliEntry = {
  main(argv: string[], io?: unknown, host?: CliHost): Promise<number>;
  adoptEngineModule?(otto: string, compiled: Promise<WebAssembly.Module>): Promise<void>;
};

/** One compiled file of the bundle. */
export type LoadedScript = {
  file: string;
  script: Script;
  /** Whether V8 took the code cache; false when there was none or it was made by another V8 or flags. */
  cacheAccepted: boolean;
};

export type LoadedBundle = {
  entry: CliEntry;
  /** The core and every chunk loaded so far (chunks are added as the run loads them). */
  scripts: LoadedScript[];
};

export const bundleFile = `${__dirname}/sgconf.cjs`;

export function chunkFile(name: string): string {
  return `${__dirname}/sgconf-${name}.cjs`;
}

export function codeCacheFile(file: string): string {
  return `${file}.v8cache`;
}

type LoadChunk = (name: string) => unknown;

/**
 * The one buffer the files of the bundle are read into, one after the other: a file's bytes are done with
 * before the next read (a source is copied into a string, a code cache is consumed while its script
 * compiles). Here each fresh page of memory costs tens of microseconds: a buffer per file touched some 310
 * more pages (the core's code cache, a validator chunk and its cache), about 5 ms of every lint.
 */
let readBuffer = Buffer.allocUnsafeSlow(1 << 20);

/** A file's bytes, in readBuffer: valid until the next read. */
function readReused(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    let done = 0;
    for (;;) {
      if (done === readBuffer.length) {
        const larger = Buffer.allocUnsafeSlow(2 * readBuffer.length);
        readBuffer.copy(larger);
        readBuffer = larger;
      }
      const read = readSync(fd, readBuffer, done, readBuffer.length - done, null);
      if (read === 0) return readBuffer.subarray(0, done);
      done += read;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Compiles and runs one file of the bundle as CommonJS would; null when the file does not exist. The
 * files carry their own CommonJS wrapper (scripts/bundle.mjs), with one more parameter, the chunk
 * loader. Compiled as read (latin1: the files are ASCII), not concatenated into another copy.
 */
function runScript(file: string, loadChunk: LoadChunk): { exports: unknown; loaded: LoadedScript } | null {
  let source: string;
  try {
    source = readReused(file).toString('latin1');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let cachedData: Buffer | undefined;
  try {
    cachedData = readReused(codeCacheFile(file));
  } catch {
    cachedData = undefined;
  }
  // V8 reads the cache while the script compiles, here; readBuffer is free again after.
  const script = new Script(source, { filename: file, cachedData });
  const module = { exports: {} as unknown };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file), loadChunk);
  return { exports: module.exports, loaded: { file, script, cacheAccepted: cachedData !== undefined && !script.cachedDataRejected } };
}

/** Loads the core of the bundle; null when there is no bundle. Chunks load when the run asks for them. */
export function loadBundle(): LoadedBundle | null {
  const scripts: LoadedScript[] = [];
  const chunks = new Map<string, unknown>();
  const loadChunk: LoadChunk = (name) => {
    if (!chunks.has(name)) {
      const chunk = runScript(chunkFile(name), loadChunk);
      if (!chunk) throw new Error(`${chunkFile(name)} is missing: run \`npm run build\` again`);
      scripts.push(chunk.loaded);
      chunks.set(name, chunk.exports);
    }
    return chunks.get(name);
  };
  const core = runScript(bundleFile, loadChunk);
  if (!core) return null;
  scripts.unshift(core.loaded);
  return { entry: core.exports as CliEntry, scripts };
}

/**
 * Writes the code cache of what each script has compiled so far (call it after a run, so the cache holds
 * the functions that run used): all of them, or only those whose cache was missing or rejected. Each is
 * written to a temporary file and renamed: processes started in parallel (pre-commit) never read half a
 * file. Best effort: a read-only install just stays uncached. Returns the files it could not write.
 */
export function writeCodeCaches(bundle: LoadedBundle, which: 'all' | 'stale'): string[] {
  const failed: string[] = [];
  for (const { file, script, cacheAccepted } of bundle.scripts) {
    if (which === 'stale' && cacheAccepted) continue;
    const cacheFile = codeCacheFile(file);
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, script.createCachedData());
      renameSync(temporary, cacheFile);
    } catch {
      failed.push(cacheFile);
      try {
        unlinkSync(temporary);
      } catch {
        // nothing was written
      }
    }
  }
  return failed;
}

/**
 * Whether Node was started with flags besides NODE_FLAGS (`node --inspect bin/sgconf.js`, `--cpu-prof`):
 * V8 rejects the bundle's caches there, and caches written there would be rejected by every plain run, the
 * first of which would then write its own, of only what it compiled (a cold lint about 3 ms slower until
 * the next build). NODE_OPTIONS is not looked at: it often holds Node's own options, which change nothing.
 */
export function hasOtherFlags(execArgv: readonly string[] = process.execArgv): boolean {
  return execArgv.some((arg) => !NODE_FLAGS.includes(arg));
}

/**
 * Whether the ES modules were compiled after the bundle was made (a `tsc` without `npm run build`): then
 * the bundle holds older code, and running it would hide the change just made. Only a working copy is
 * rebuilt that way: an installed package (under node_modules) is never stale, and its file times say
 * nothing, since npm writes every file of a tarball at install time in no particular order.
 */
export function bundleIsStale(dir: string = __dirname): boolean {
  if (dir.split(/[\\/]/).includes('node_modules')) return false;
  try {
    return statSync(`${dir}/cli/main.js`).mtimeMs > statSync(`${dir}/sgconf.cjs`).mtimeMs;
  } catch {
    return false;
  }
}

/** The commands that run functions in the engine (its module is compiled while the CLI loads). */
const ENGINE_COMMANDS = ['test', 'dry-run'];

/**
 * Starts compiling the engine's module (V8 compiles on its own threads) for a command that runs functions,
 * before the CLI loads: the module the build names in dist/engine-start.json (scripts/engine-image.mjs).
 * Null for other commands, or without that file.
 */
function compileEngineEarly(argv: readonly string[]): { otto: string; compiled: Promise<WebAssembly.Module> } | null {
  if (!ENGINE_COMMANDS.includes(argv[0] ?? '')) return null;
  let named: { otto?: unknown; module?: unknown };
  try {
    named = JSON.parse(readFileSync(`${__dirname}/engine-start.json`, 'utf8')) as typeof named;
  } catch {
    return null;
  }
  if (typeof named.otto !== 'string' || typeof named.module !== 'string') return null;
  const file = `${dirname(__dirname)}/${named.module}`;
  // Read here, at once: the compile starts now (V8 decodes the module on its own threads while the CLI
  // loads), not when a read on Node's thread pool is answered, at the first turn of the event loop.
  let compiled: Promise<WebAssembly.Module>;
  try {
    compiled = WebAssembly.compile(readFileSync(file) as Buffer<ArrayBuffer>);
  } catch (error) {
    compiled = Promise.reject(error);
  }
  // A command that ends before it runs anything never asks for it: its failure is the pool's to report.
  compiled.catch(() => undefined);
  return { otto: named.otto, compiled };
}

/**
 * glibc's malloc raises its mmap threshold to the size of a block it mapped when that block is freed, and its
 * trim threshold to twice that (mallopt(3), M_MMAP_THRESHOLD): from then on, blocks up to that size come from
 * its heap, and what is freed there is kept for the next block. V8's compilers take and free scratch memory
 * for every function they compile, WebAssembly's lazily too: with the starting thresholds (128 KiB) glibc
 * gave much of it back to the system and took fresh pages again, each of which costs tens of microseconds
 * here. So a block of 4 MiB is taken and dropped, never touched (it costs no page): the first collection
 * frees it, before otto's parser or the engine compiles. Measured interleaved: a lint after a function
 * changed 370 fewer fresh pages, 235 → 226 ms; the examples' 11 cases 438 → 428 ms; 1,000 files 880 →
 * 825 ms. Other allocators ignore it. glibc's tunables in the environment would do as much, but every
 * program sgconf starts would inherit them.
 */
function raiseMallocThresholds(): void {
  Buffer.allocUnsafeSlow(4 * 1024 * 1024);
}

/** Runs the CLI: from the bundle when there is one (and it is current), else from the ES modules of dist/. */
export async function startCli(argv: string[]): Promise<number> {
  followLauncher();
  raiseMallocThresholds();
  const optimising = process.env[OPTIMISING] === '1';
  // A run with OPTIMISING_FLAGS is the one a launcher started: it starts no other.
  const host: CliHost | undefined = optimising || !process.argv[1] ? undefined : { runOptimised: () => relaunch(process.argv[1]!, argv, OPTIMISING_FLAGS, { [OPTIMISING]: '1' }) };
  const engine = compileEngineEarly(argv);
  const bundle = process.env.SGCONF_NO_BUNDLE || bundleIsStale() ? null : loadBundle();
  // SGCONF_DEBUG says which code runs (the fast path or the ES modules), for tests and bug reports.
  if (process.env.SGCONF_DEBUG) process.stderr.write(`sgconf: running ${bundle ? `the bundle ${bundleFile}` : 'the ES modules of dist/'}\n`);
  if (!bundle) {
    const entry: CliEntry = await import('./cli/main.js');
    if (engine) await entry.adoptEngineModule?.(engine.otto, engine.compiled);
    return entry.main(argv, undefined, host);
  }
  if (engine) {
    await bundle.entry.adoptEngineModule?.(engine.otto, engine.compiled);
    // V8 compiles a module in steps, some of them on this thread, each run at a turn of the event loop: a turn
    // here, before the CLI's first long stretch of work, starts the compile of the engine's eager functions
    // on V8's threads while the CLI reads its inputs (measured interleaved: the examples' 11 cases 180 -> 174 ms).
    await new Promise((resolve) => setImmediate(resolve));
  }
  const code = await bundle.entry.main(argv, undefined, host);
  // A cache made by another Node version (or with other V8 flags) is rejected: replace it, so that the
  // next run starts fast again. Not from a run with OPTIMISING_FLAGS, nor with flags of its own: the caches
  // are for NODE_FLAGS.
  if (!optimising && !hasOtherFlags()) writeCodeCaches(bundle, 'stale');
  return code;
}
