// The thread the sandbox runs in. QuickJS's interpreter recurses on the thread's own stack; in a worker
// with a large stack its stack limit trips before V8's does (on the main thread a deep JSON.stringify
// overflowed V8 inside WebAssembly). The worker also does the gateway's Go side of each request
// (gateway.ts: preparing it, reading the results), so that both cores share it. It tells the pool which
// request it is running (a shared counter) and sends outcomes in chunks, so that a request that cannot be
// interrupted (a loop around a slow native call) can be ended by terminating the worker.
import { parentPort, workerData } from 'node:worker_threads';
import { DEMAND_RECORDER, FunctionSandbox, loadEngine, type FunctionProgram, type SandboxLimits } from './engine.js';
import { runMany, type CallRequest, type Job, type RunOutcome } from './outcome.js';
import { defaultSyncFunction, syncWrapperSource } from '../releases/sync-runner.js';
import { RELEASES } from '../releases/index.js';

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
  /** `outcomes`: the outcomes as one JSON array text (cheaper to hand over than a structured clone). */
  | { id: number; offset: number; outcomes: string; done: boolean };

const CHUNK = 64;

// The engine compiled by the pool, handed over at start: loading begins before the first request arrives.
const engine = loadEngine((workerData as { engine?: WebAssembly.Module } | undefined)?.engine).then(warmUp);
// One sandbox per program, cached as a promise: requests that arrive while it compiles wait for the same one.
const sandboxes = new Map<string, Promise<FunctionSandbox | string>>();

/**
 * Runs the default sync function a few times while the main thread reads its inputs. V8 compiles
 * QuickJS's WebAssembly function by function, on first use: without this, the parser, the compiler and
 * the interpreter are compiled while the first cases wait.
 */
async function warmUp(): Promise<void> {
  // As functionProgram (program.ts) builds it, without loading a JavaScript parser into the worker.
  const text = syncWrapperSource(defaultSyncFunction(null), RELEASES[RELEASES.length - 1]!, DEMAND_RECORDER);
  const warm = await FunctionSandbox.compile({ text, shareable: true, underscore: false });
  if (!warm.ok) return;
  warm.sandbox.callMany(WARM_UP_CALLS);
  warm.sandbox.dispose();
}
const WARM_UP_CALLS = Array.from({ length: 16 }, (_, i) => JSON.stringify([{ _id: `d${i}`, _rev: `1-${i}`, channels: [`c${i}`] }, null, { xattrs: {} }, { name: `u${i}`, channels: ['!'], roles: {} }]));

function sandboxFor(request: WorkerRequest): Promise<FunctionSandbox | string> {
  const key = `${request.program.shareable}${request.program.underscore}\u0000${request.program.text}`;
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
  const requests = JSON.parse(request.requests) as CallRequest[];
  for (let offset = 0; offset < requests.length; offset += CHUNK) {
    const chunk = requests.slice(offset, offset + CHUNK);
    let outcomes: RunOutcome[];
    if (request.oneByOne) {
      outcomes = chunk.map((one, k) => {
        Atomics.store(request.progress, 0, offset + k);
        return runMany(sandbox, request.job, [one])[0]!;
      });
    } else {
      // A batch: the watchdog sees its first request running (the sandbox gives a batch one time limit).
      Atomics.store(request.progress, 1, 1);
      Atomics.store(request.progress, 0, offset);
      outcomes = runMany(sandbox, request.job, chunk);
      Atomics.store(request.progress, 1, 0);
    }
    const done = offset + CHUNK >= requests.length;
    parentPort!.postMessage({ id: request.id, offset, outcomes: JSON.stringify(outcomes), done } satisfies WorkerReply);
  }
  Atomics.store(request.progress, 0, -1);
}

parentPort?.on('message', (request: WorkerRequest) => {
  serve(request).catch((error: unknown) => {
    parentPort!.postMessage({ id: request.id, compileError: `sgconf's sandbox failed: ${error instanceof Error ? error.message : String(error)}` } satisfies WorkerReply);
  });
});
