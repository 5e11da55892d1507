// Runs calls of a function in engine workers (src/sync/worker.ts): the calls of one function are split
// across the workers (two on these machines). otto cannot be interrupted from inside WebAssembly (its
// interrupt channel needs another goroutine to run, and js/wasm runs one at a time): a run that uses more
// CPU than its limit gets its worker terminated. That request is a time-out; the others go on in a new worker.
// A small suite runs on the pool's own thread first (runHereFirst), each call bounded by V8's termination;
// what does not end well there goes to a worker.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { threadFile } from '../paths.js';
import { boundEngineCalls, CompiledPrograms, compileEngineModule, DEFAULT_LIMITS, emptyNatives, HandedOver, loadEngine, type FunctionProgram, type SandboxLimits } from './engine.js';
import { outcomeOf, runMany, type CallRequest, type Job, type RunOutcome } from './outcome.js';
import type { EngineModule, WorkerReply, WorkerRequest, WorkerStart } from './worker.js';
import { COMPILING, RUNNING_NONE } from './progress.js';
import { parseJsonKeepingNumberText, stringifyJson } from '../source/number-text.js';

/** `micros`: each request's time in the engine, in microseconds (absent for a request that was ended). */
export type PoolResult = { ok: true; outcomes: RunOutcome[]; micros: (number | undefined)[] } | { ok: false; message: string };

/** Stack of an engine thread: Go's WebAssembly keeps its goroutine stacks in its own memory, V8's stack is for the calls between them. */
const WORKER_STACK_MB = 64;
/** Requests sent to a worker at a time: each worker takes the next chunk of a run when it has finished one. */
const CHUNK = 125;
const WATCH_INTERVAL_MS = 50;
/** The CPU time evaluating a function may take (a function cannot loop there, but its text can). */
const COMPILE_LIMIT_MS = 10_000;

/** The time compiling a program may take: COMPILE_LIMIT_MS, or a run's limit when that is longer. */
function compileLimitMs(limits: SandboxLimits): number {
  return Math.max(COMPILE_LIMIT_MS, limits.timeMs);
}

/** How the requests of one run are run: the orders of their documents' keys, and each run's CPU limit. */
export interface RunSettings {
  keyOrders?: number;
  /** The CPU time one run of one request may use, in ms (default: the pool's limit). */
  timeMs?: number;
  /** Told how many more requests have run, as the workers go (for a progress line): each request once. */
  onRan?: (count: number) => void;
}

/**
 * The CPU time a worker's thread has used, in ms (Linux: /proc, by the id the worker wrote). Elsewhere the
 * smaller of the wall-clock time and this process's CPU time (every thread), which a busy machine cannot
 * make larger than the run's own use either.
 */
function cpuClock(thread: Int32Array): () => number {
  return () => {
    const tid = Atomics.load(thread, 0);
    if (tid > 0) {
      try {
        // schedstat: the nanoseconds the thread ran on a CPU, first.
        return Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
      } catch { /* no schedstat: as elsewhere */ }
    }
    const { user, system } = process.cpuUsage();
    return Math.min(process.uptime() * 1000, (user + system) / 1000);
  };
}

let workerThreads: typeof import('node:worker_threads') | undefined;

/**
 * node:worker_threads, loaded when the first worker starts: it brings some 25 of Node's own modules (its
 * streams), which Node compiles from source under sgconf's V8 flags, 10 ms of a start; a small suite run on
 * the command's thread needs none.
 */
function newWorker(...args: ConstructorParameters<typeof Worker>): Worker {
  workerThreads ??= createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');
  return new workerThreads.Worker(...args);
}

/** The worker's code: its one-file build (dist/sgconf-worker.cjs) or the ES modules (paths.ts threadFile). */
export function workerFile(): URL {
  return threadFile('dist/sync/worker.js', 'dist/sgconf-worker.cjs');
}

/** Counts the first `upTo` of `indices` as run, each request once however often it is sent again. */
type RanCounter = (indices: readonly number[], upTo: number) => void;

/** A RanCounter that tells `onRan` how many requests each call newly counted. */
function ranCounter(requests: number, onRan: ((count: number) => void) | undefined): RanCounter {
  if (!onRan) return () => {};
  const ran = new Uint8Array(requests);
  return (indices, upTo) => {
    let added = 0;
    for (let k = 0; k < upTo; k++) {
      if (ran[indices[k]!] === 0) {
        ran[indices[k]!] = 1;
        added++;
      }
    }
    if (added > 0) onRan(added);
  };
}

/**
 * The runs on this thread (runHereFirst), one at a time, whichever pool they are of: the engine they run in
 * and its calls' bounds are this thread's (src/sync/engine.ts).
 */
let hereQueue: Promise<unknown> = Promise.resolve();

/** One run of requests through a program: what its chunks are sent with, and where their outcomes land. */
interface Run {
  program: FunctionProgram;
  job: Job;
  calls: readonly CallRequest[];
  settings: RunSettings;
  results: RunOutcome[];
  /** Each request's time in the engine, in microseconds. */
  micros: (number | undefined)[];
  countRan: RanCounter;
}

/** What a terminated request reports: the same as an interrupted one. */
function terminated(job: Job): RunOutcome {
  return outcomeOf(job, { natives: emptyNatives(), outcome: { kind: 'timeout' } });
}

/** `killed` names the request that was stuck. */
type RangeOutcome = { kind: 'done' } | { kind: 'killed'; at: number } | { kind: 'resend' } | { kind: 'error'; message: string };

interface Waiting {
  reply: (reply: WorkerReply) => void;
  exit: (message: string) => void;
  /** The worker was terminated for another request: this one starts again where its results stop. */
  resend: () => void;
}

interface PooledWorker {
  worker: Worker;
  pending: Map<number, Waiting>;
  /** The worker thread's CPU time, in ms. */
  cpuMs: () => number;
}

export class SandboxPool {
  private workers: (PooledWorker | undefined)[] = [];
  private nextId = 1;
  private engine: Promise<WebAssembly.Module | undefined> | null = null;
  /** Once closed, no worker starts again (a startAll still compiling must not start any after close). */
  private closed = false;
  /** Every worker is wanted (startAll): runs of one chunk go to each in turn, else to the first. */
  private spread = false;
  private runsSpread = 0;
  /** The cases each slot's workers have run (sgconf test --debug). */
  private casesBySlot: number[] = [];
  /** Workers started so far (one that replaced a stopped one counts again). */
  private started = 0;
  /** Whether runs start on this thread (runHere): set by runHereFirst. */
  private here = false;
  /** The cases this thread has run. */
  private casesHere = 0;
  /** The programs this thread compiled (runHereFirst), as a worker keeps its own. */
  private sandboxesHere = new CompiledPrograms();

  constructor(private readonly size = Math.max(1, Math.min(2, availableParallelism())), private readonly limits: SandboxLimits = DEFAULT_LIMITS) {}

  /**
   * Starts the first worker now, and compiles the engine here (by V8's threads) while it starts: it gets the
   * module as its first message (a command calls this before it reads its inputs, so that both happen while
   * it does). The others start when a run has requests for them, with the same module.
   */
  start(): void {
    this.startWhileCompiling([0]);
  }

  /**
   * Runs the cases of each run on this thread first, in order, no worker started: a small suite then pays
   * no worker's start (60 ms here, most of it Node compiling its own modules under sgconf's V8 flags). Each
   * engine call here is bounded (src/sync/engine.ts boundEngineCalls) by the wall-clock time a worker's run
   * may take in CPU time, which it is never below: a call that answers in time here answers in a worker too,
   * and gives the same answer (the same module and start, the same input). A call that does not (a time-out,
   * this thread's smaller stack, memory, an answer too large for a worker's heap) hands its case and those
   * after it to a worker, whose outcome is the one reported.
   */
  runHereFirst(): void {
    this.here = true;
  }

  /** Starts every worker now (a command that knows its run is large: they start while it reads). */
  startAll(): void {
    this.spread = true;
    this.startWhileCompiling(Array.from({ length: this.size }, (_, slot) => slot));
  }

  /** Starts the workers of these slots that are not running, each told that the engine's module follows. */
  private startWhileCompiling(slots: readonly number[]): void {
    if (this.closed) return;
    const started = slots.filter((slot) => !this.workers[slot]).map((slot) => this.worker(slot, undefined, true));
    if (started.length === 0) return;
    void this.compiledEngine().then((engine) => {
      for (const pooled of started) pooled.worker.postMessage({ engine: engine ?? null } satisfies EngineModule);
    });
  }

  /** The engine's module, compiled once for every worker; undefined when it cannot be (each worker then tries). */
  private compiledEngine(): Promise<WebAssembly.Module | undefined> {
    return (this.engine ??= compileEngineModule().catch(() => undefined));
  }

  /** Runs every request through one program; the outcomes keep the requests' order. */
  async run(program: FunctionProgram, job: Job, calls: readonly CallRequest[], settings: RunSettings = {}): Promise<PoolResult> {
    const run: Run = { program, job, calls, settings, results: new Array(calls.length), micros: new Array(calls.length), countRan: ranCounter(calls.length, settings.onRan) };
    let next = 0;
    if (this.here) {
      const here = await (hereQueue = hereQueue.then(() => this.runHere(run), () => this.runHere(run)));
      if (here.kind === 'error') return { ok: false, message: here.message };
      next = here.next;
    }
    // The requests in chunks, which each worker takes one after another as it finishes the last: a worker
    // slowed by the main thread's work takes fewer.
    const serve = async (slot: number): Promise<string | null> => {
      while (next < calls.length) {
        const from = next;
        next = Math.min(calls.length, from + CHUNK);
        const error = await this.runRange(slot, run, from, next);
        if (error !== null) return error;
      }
      return null;
    };
    // Two chunks in each worker's queue, so that it never waits for the next one to arrive. A run of one
    // chunk takes one worker: the first, or, in a suite that wants them all (startAll), each in turn, so
    // that the files of a suite run side by side.
    const slots = calls.length - next <= CHUNK ? [this.spread ? this.runsSpread++ % this.size : 0] : Array.from({ length: this.size }, (_, slot) => slot);
    const errors = await Promise.all(Array.from({ length: slots.length * 2 }, (_, k) => serve(slots[k % slots.length]!)));
    const error = errors.find((e) => e !== null);
    return error ? { ok: false, message: error } : { ok: true, outcomes: run.results, micros: run.micros };
  }

  /** How many cases each worker slot has run so far. */
  casesRun(): number[] {
    return Array.from({ length: this.size }, (_, slot) => this.casesBySlot[slot] ?? 0);
  }

  /** How many workers this pool has started: none for a suite that ran on the command's thread alone. */
  workersStarted(): number {
    return this.started;
  }

  /** How many cases this thread has run (runHereFirst). */
  casesRunHere(): number {
    return this.casesHere;
  }

  /**
   * Runs a run's requests on this thread in order (runHereFirst), each as a worker runs it (the same JSON
   * in, the same sandbox code), until one is handed over: `next`, the first that a worker runs, with those
   * after it (the length when none is). An error when the program does not compile.
   */
  private async runHere(run: Run): Promise<{ kind: 'ran'; next: number } | { kind: 'error'; message: string }> {
    const { program, job, calls, settings, results, micros, countRan } = run;
    const limits = this.limitsOf(settings);
    if (this.closed) return { kind: 'ran', next: 0 };
    boundEngineCalls({ runMs: limits.timeMs, compileMs: compileLimitMs(limits) });
    let k = 0;
    try {
      await loadEngine(this.compiledEngine(), limits);
      const sandbox = await this.sandboxesHere.get(program, limits);
      if (typeof sandbox === 'string') return { kind: 'error', message: sandbox };
      for (; k < calls.length && !this.closed; k++) {
        const request = parseJsonKeepingNumberText(stringifyJson([calls[k]])) as unknown as CallRequest[];
        const one = await runMany(sandbox, job, request, settings.keyOrders ?? 1);
        results[k] = one.outcomes[0]!;
        micros[k] = one.micros[0];
        countRan([k], 1);
        this.casesHere++;
        // A turn of the event loop now and then: a progress line is drawn as the cases run.
        if (k % 16 === 15) await new Promise((resolve) => setImmediate(resolve));
      }
      return { kind: 'ran', next: k };
    } catch (error) {
      if (error instanceof HandedOver) return { kind: 'ran', next: k };
      // As a worker reports its engine's failure (src/sync/worker.ts).
      return { kind: 'error', message: `sgconf's engine failed: ${error instanceof Error ? error.message : String(error)}` };
    } finally {
      boundEngineCalls(null);
    }
  }

  /** The limits of a run's requests: the pool's, with the run's own CPU time. */
  private limitsOf(settings: RunSettings): SandboxLimits {
    return { ...this.limits, ...(settings.timeMs !== undefined ? { timeMs: settings.timeMs } : {}) };
  }

  /**
   * Runs the requests `from`..`to` on one worker until each has an outcome. When the worker is terminated
   * (for a request stuck in this range, or in another queued on it), what has no outcome yet is sent again
   * to a new one; the stuck request itself is a time-out.
   */
  private async runRange(slot: number, run: Run, from: number, to: number): Promise<string | null> {
    let waiting = Array.from({ length: to - from }, (_, i) => from + i);
    while (waiting.length > 0) {
      const outcome = await this.send(slot, run, waiting);
      if (outcome.kind === 'error') return outcome.message;
      if (outcome.kind === 'done') return null;
      if (outcome.kind === 'killed') {
        run.results[outcome.at] = terminated(run.job);
        run.countRan([outcome.at], 1);
      }
      waiting = waiting.filter((i) => run.results[i] === undefined);
    }
    return null;
  }

  /**
   * Sends the requests at `indices` to a worker; their outcomes land in the run's results as they come.
   * Each run of the engine is timed apart, by the CPU the worker's thread uses while it runs: past the
   * limit, the worker is terminated and the request is a time-out (a compilation that does not end is an
   * error).
   */
  private async send(slot: number, run: Run, indices: readonly number[]): Promise<RangeOutcome> {
    const { program, job, calls, settings, results, micros, countRan } = run;
    // A worker that is not there yet gets the engine compiled here (once, for all of them).
    const pooled = this.workers[slot] ?? this.worker(slot, await this.compiledEngine());
    const id = this.nextId++;
    const progress = new Int32Array(new SharedArrayBuffer(8));
    progress[0] = RUNNING_NONE;
    const limits = this.limitsOf(settings);
    // One JSON text: cheaper to hand over than a structured clone of thousands of documents.
    const request: WorkerRequest = { id, program, limits, job, requests: stringifyJson(indices.map((i) => calls[i])), keyOrders: settings.keyOrders ?? 1, progress };
    return new Promise((resolve) => {
      let runs = -1;
      let since = 0;
      const finish = (outcome: RangeOutcome) => {
        clearInterval(watch);
        pooled.pending.delete(id);
        resolve(outcome);
      };
      const watch = setInterval(() => {
        const running = Atomics.load(progress, 0);
        // The requests before the one running have run (their outcomes come with the worker's answer).
        if (running > 0) countRan(indices, running);
        if (running === RUNNING_NONE) return;
        const started = Atomics.load(progress, 1);
        if (started !== runs) {
          runs = started;
          since = pooled.cpuMs();
          return;
        }
        // Compiling (underscore.js, the function, saving the state) is not a case's run: its own limit.
        const limit = running === COMPILING ? compileLimitMs(limits) : limits.timeMs;
        if (pooled.cpuMs() - since <= limit) return;
        this.kill(slot, id);
        finish(running === COMPILING
          ? { kind: 'error', message: `evaluating the function did not end within ${limit} ms of CPU time` }
          : { kind: 'killed', at: indices[running]! });
      }, WATCH_INTERVAL_MS);
      pooled.pending.set(id, {
        reply: (reply) => {
          if ('compileError' in reply) return finish({ kind: 'error', message: reply.compileError });
          (JSON.parse(reply.outcomes) as RunOutcome[]).forEach((result, i) => { results[indices[i]!] = result; });
          reply.micros.forEach((time, i) => { micros[indices[i]!] = time; });
          this.casesBySlot[slot] = (this.casesBySlot[slot] ?? 0) + indices.length;
          countRan(indices, indices.length);
          finish({ kind: 'done' });
        },
        exit: (message) => finish({ kind: 'error', message }),
        resend: () => finish({ kind: 'resend' }),
      });
      pooled.worker.postMessage(request);
    });
  }

  /** The worker of a slot, started with the engine's module, or told that it follows (`engineFollows`). */
  private worker(slot: number, engine: WebAssembly.Module | undefined, engineFollows = false): PooledWorker {
    const existing = this.workers[slot];
    if (existing) return existing;
    const thread = new Int32Array(new SharedArrayBuffer(4));
    this.started++;
    const worker = newWorker(workerFile(), {
      resourceLimits: { stackSizeMb: WORKER_STACK_MB, maxOldGenerationSizeMb: 512 },
      workerData: { engine, engineFollows, limits: this.limits, thread } satisfies WorkerStart,
    });
    const pooled: PooledWorker = { worker, pending: new Map(), cpuMs: cpuClock(thread) };
    worker.on('message', (reply: WorkerReply) => pooled.pending.get(reply.id)?.reply(reply));
    worker.on('error', () => { /* reported through 'exit' */ });
    worker.on('exit', (code) => {
      if (this.workers[slot] === pooled) this.workers[slot] = undefined;
      for (const waiting of [...pooled.pending.values()]) waiting.exit(`the sandbox stopped unexpectedly (exit ${code})`);
    });
    this.workers[slot] = pooled;
    return pooled;
  }

  /** Terminates a worker stuck in request `stuck`; the requests queued behind it start again on a new worker. */
  private kill(slot: number, stuck: number): void {
    const pooled = this.workers[slot];
    if (!pooled) return;
    this.workers[slot] = undefined;
    const queued = [...pooled.pending.entries()].filter(([id]) => id !== stuck);
    pooled.pending.clear();
    void pooled.worker.terminate();
    for (const [, waiting] of queued) waiting.resend();
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = this.workers.filter((w): w is PooledWorker => w !== undefined);
    this.workers = [];
    await Promise.all(workers.map((pooled) => pooled.worker.terminate()));
  }
}
