// Runs calls of a function in sandbox workers (src/sync/worker.ts): the calls of one function are split
// across the workers (two on these machines). A call that runs past its time limit and a grace period
// (QuickJS checks for interruption only every ~10,000 operations, so a loop around a slow native call can
// outrun the limit) gets its worker terminated: that call is a time-out, and the others go on in a new worker.
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { packageFile } from '../paths.js';
import { DEFAULT_LIMITS, type CallResult, type FunctionProgram, type SandboxLimits } from './engine.js';
import type { WorkerReply, WorkerRequest } from './worker.js';

export type PoolResult = { ok: true; results: CallResult[] } | { ok: false; message: string };

/** Stack of a sandbox thread: room for QuickJS's own 2 MiB limit to trip first. */
const WORKER_STACK_MB = 64;
/** How long past its limit a call may run before its worker is terminated. */
const GRACE_MS = 2000;
/** Below this many calls one worker serves a function (a second costs more to start than it saves). */
const SPLIT_THRESHOLD = 200;
const WATCH_INTERVAL_MS = 100;

/** What a terminated call reports: the same as an interrupted one. */
const TERMINATED: CallResult = {
  natives: { channels: [], access: [], roles: [], rejection: null, expiry: [], logInfo: [], logErrors: [], demands: { users: [], roles: [], channels: [], admin: false } },
  outcome: { kind: 'timeout' },
};

type RangeOutcome = { kind: 'done' } | { kind: 'killed'; at: number } | { kind: 'error'; message: string };

export class SandboxPool {
  private workers: (Worker | undefined)[] = [];
  private nextId = 1;

  constructor(private readonly size = Math.max(1, Math.min(2, availableParallelism())), private readonly limits: SandboxLimits = DEFAULT_LIMITS) {}

  /** Runs every call of one program; the results keep the calls' order. */
  async run(program: FunctionProgram, calls: (string | null)[][]): Promise<PoolResult> {
    const results: CallResult[] = new Array(calls.length);
    const parts = calls.length < SPLIT_THRESHOLD ? 1 : this.size;
    const chunk = Math.ceil(calls.length / parts);
    const errors = await Promise.all(
      Array.from({ length: parts }, (_, slot) => this.runRange(slot, program, calls, slot * chunk, Math.min(calls.length, (slot + 1) * chunk), results)),
    );
    const error = errors.find((e) => e !== null);
    return error ? { ok: false, message: error } : { ok: true, results };
  }

  private async runRange(slot: number, program: FunctionProgram, calls: (string | null)[][], from: number, to: number, results: CallResult[]): Promise<string | null> {
    let start = from;
    while (start < to) {
      const outcome = await this.send(slot, program, calls, start, to, results);
      if (outcome.kind === 'error') return outcome.message;
      if (outcome.kind === 'done') return null;
      results[outcome.at] = TERMINATED;
      // Calls after the last reported one but before the stuck one ran unreported: they run again.
      start = outcome.at + 1;
      for (let i = outcome.at - 1; i >= from && results[i] === undefined; i--) start = i;
      if (start <= outcome.at) {
        const rerun = await this.runRange(slot, program, calls, start, outcome.at, results);
        if (rerun) return rerun;
        start = outcome.at + 1;
      }
    }
    return null;
  }

  private send(slot: number, program: FunctionProgram, calls: (string | null)[][], from: number, to: number, results: CallResult[]): Promise<RangeOutcome> {
    const worker = this.worker(slot);
    const id = this.nextId++;
    const progress = new Int32Array(new SharedArrayBuffer(4));
    progress[0] = -1;
    const request: WorkerRequest = { id, program, limits: this.limits, calls: calls.slice(from, to), progress };
    return new Promise((resolve) => {
      let watched = -1;
      let since = performance.now();
      const finish = (outcome: RangeOutcome) => {
        clearInterval(watch);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        resolve(outcome);
      };
      const onMessage = (reply: WorkerReply) => {
        if (reply.id !== id) return;
        if ('compileError' in reply) return finish({ kind: 'error', message: reply.compileError });
        reply.results.forEach((result, i) => { results[from + reply.offset + i] = result; });
        if (reply.done) finish({ kind: 'done' });
      };
      const onExit = (code: number) => {
        this.workers[slot] = undefined;
        finish({ kind: 'error', message: `the sandbox stopped unexpectedly (exit ${code})` });
      };
      const watch = setInterval(() => {
        const running = Atomics.load(progress, 0);
        if (running !== watched) {
          watched = running;
          since = performance.now();
          return;
        }
        if (running >= 0 && performance.now() - since > this.limits.timeMs + GRACE_MS) {
          worker.off('exit', onExit);
          this.workers[slot] = undefined;
          void worker.terminate();
          finish({ kind: 'killed', at: from + running });
        }
      }, WATCH_INTERVAL_MS);
      worker.on('message', onMessage);
      worker.on('exit', onExit);
      worker.postMessage(request);
    });
  }

  private worker(slot: number): Worker {
    const existing = this.workers[slot];
    if (existing) return existing;
    const worker = new Worker(packageFile('dist/sync/worker.js'), {
      resourceLimits: { stackSizeMb: WORKER_STACK_MB, maxOldGenerationSizeMb: 512 },
    });
    worker.on('error', () => { /* reported through 'exit' */ });
    this.workers[slot] = worker;
    return worker;
  }

  async close(): Promise<void> {
    const workers = this.workers.filter((w): w is Worker => w !== undefined);
    this.workers = [];
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
