// The thread the engine runs in. The worker also does the gateway's Go side of each request that sgconf
// keeps in TypeScript (gateway.ts: preparing it, reading the results), so that both cores share it. It
// tells the pool which request it is running (a shared counter) and sends outcomes in chunks, so that a
// request that does not end (otto cannot be interrupted from inside WebAssembly) is ended by terminating
// the worker.
import { parentPort, workerData } from 'node:worker_threads';
import { DEMAND_RECORDER, FunctionSandbox, loadEngine, ORDER_SEEDS, type FunctionProgram, type SandboxLimits } from './engine.js';
import { runMany, type CallRequest, type Job, type RunOutcome } from './outcome.js';
import { defaultSyncFunction, ottoCommit, stackDepthLimit, syncWrapperSource } from '../releases/sync-runner.js';
import { NEWEST_RELEASE } from '../releases/index.js';
import { parseJsonKeepingNumberText } from '../source/number-text.js';

export interface WorkerRequest {
  id: number;
  program: FunctionProgram;
  limits: SandboxLimits;
  job: Job;
  /** The requests as one JSON array text. */
  requests: string;
  /** Int32Array over a SharedArrayBuffer: [index of the request running, or -1; 1 when it starts a batch]. */
  progress: Int32Array;
  /** Run each request alone (after a batch got stuck), so that the watchdog can name the stuck one. */
  oneByOne: boolean;
}

export type WorkerReply =
  | { id: number; compileError: string }
  /** `outcomes`: the outcomes as one JSON array text (cheaper to hand over than a structured clone); `micros`: each one's time. */
  | { id: number; offset: number; outcomes: string; micros: number[]; done: boolean };

const CHUNK = 64;

const start = workerData as { engine?: WebAssembly.Module; limits?: SandboxLimits } | undefined;
// The engine compiled by the pool, handed over at start: it starts before the first request arrives.
const engine = loadEngine(start?.engine, start?.limits);
/** Set by the first request: the warm-up then stops. */
let requested = false;
void engine.then(warmUp).catch(() => { /* a request reports the engine's failure */ });
// One sandbox per program, cached as a promise: requests that arrive while it compiles wait for the same one.
const sandboxes = new Map<string, Promise<FunctionSandbox | string>>();

/**
 * Runs the default sync function while the main thread reads its inputs, until the first request comes:
 * V8 compiles the engine's WebAssembly functions on first use and optimises those that run most, and
 * otto's parser, interpreter and the Go side are then ready. Each round is short, so a request waits little.
 */
async function warmUp(): Promise<void> {
  const newest = NEWEST_RELEASE;
  const text = syncWrapperSource(defaultSyncFunction(null), newest, DEMAND_RECORDER);
  const warm = await FunctionSandbox.compile({ text, role: 'sync', shareable: true, underscore: false, enumerates: false, otto: ottoCommit(newest), stackDepthLimit: stackDepthLimit(newest) });
  if (!warm.ok) return;
  for (let round = 0; round < WARM_UP_ROUNDS && !requested; round++) {
    await warm.sandbox.callMany(WARM_UP_CALLS);
    await new Promise((resolve) => setImmediate(resolve));
  }
  warm.sandbox.dispose();
}
const WARM_UP_ROUNDS = 100;
const WARM_UP_CALLS = Array.from({ length: 16 }, (_, i) => ({
  doc: { _id: `d${i}`, _rev: `1-${i}`, channels: [`c${i}`] }, oldDoc: '', meta: { xattrs: {} }, userCtx: { name: `u${i}`, channels: ['!'], roles: [] }, numbers: 'convert' as const,
}));

function sandboxFor(request: WorkerRequest): Promise<FunctionSandbox | string> {
  const key = JSON.stringify(request.program);
  const cached = sandboxes.get(key);
  if (cached) return cached;
  if (sandboxes.size >= 8) {
    const [oldestKey, oldest] = sandboxes.entries().next().value as [string, Promise<FunctionSandbox | string>];
    sandboxes.delete(oldestKey);
    void oldest.then((sandbox) => { if (typeof sandbox !== 'string') sandbox.dispose(); });
  }
  const compiling = engine.then(() => FunctionSandbox.compile(request.program, request.limits)).then((compiled) => (compiled.ok ? compiled.sandbox : compiled.message));
  sandboxes.set(key, compiling);
  return compiling;
}

async function serve(request: WorkerRequest): Promise<void> {
  const sandbox = await sandboxFor(request);
  if (typeof sandbox === 'string') {
    parentPort!.postMessage({ id: request.id, compileError: sandbox } satisfies WorkerReply);
    return;
  }
  // Numbers the documents hold as their text (source/number-text.ts) are NumberText again.
  const requests = parseJsonKeepingNumberText(request.requests) as unknown as CallRequest[];
  const seeds = request.program.enumerates ? ORDER_SEEDS : ORDER_SEEDS.slice(0, 1);
  for (let offset = 0; offset < requests.length; offset += CHUNK) {
    const chunk = requests.slice(offset, offset + CHUNK);
    let outcomes: RunOutcome[];
    let micros: number[];
    if (request.oneByOne) {
      outcomes = [];
      micros = [];
      for (let k = 0; k < chunk.length; k++) {
        Atomics.store(request.progress, 0, offset + k);
        const one = await runMany(sandbox, request.job, [chunk[k]!], seeds);
        outcomes.push(one.outcomes[0]!);
        micros.push(one.micros[0]!);
      }
    } else {
      // A batch: the watchdog sees its first request running.
      Atomics.store(request.progress, 1, 1);
      Atomics.store(request.progress, 0, offset);
      ({ outcomes, micros } = await runMany(sandbox, request.job, chunk, seeds));
      Atomics.store(request.progress, 1, 0);
    }
    const done = offset + CHUNK >= requests.length;
    parentPort!.postMessage({ id: request.id, offset, outcomes: JSON.stringify(outcomes), micros, done } satisfies WorkerReply);
  }
  Atomics.store(request.progress, 0, -1);
}

parentPort?.on('message', (request: WorkerRequest) => {
  requested = true;
  serve(request).catch((error: unknown) => {
    parentPort!.postMessage({ id: request.id, compileError: `sgconf's engine failed: ${error instanceof Error ? error.message : String(error)}` } satisfies WorkerReply);
  });
});
