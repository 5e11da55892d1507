// The thread the engine runs in. The worker also does the gateway's Go side of each request that sgconf
// keeps in TypeScript (gateway.ts: preparing it, reading the results), so that both cores share it. It
// serves one request at a time, in the order they came; it tells the pool which request it is running and
// counts each run of the engine (shared counters), so that the pool can time each run apart and end one
// that does not (otto cannot be interrupted from inside WebAssembly) by terminating the worker.
import { readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { CompiledPrograms, FunctionSandbox, loadEngine, type FunctionProgram, type SandboxLimits } from './engine.js';
import { runMany, type CallRequest, type Job, type RunOutcome } from './outcome.js';
import { parseJsonKeepingNumberText } from '../source/number-text.js';
import { COMPILING, RUNNING_NONE } from './progress.js';

export interface WorkerRequest {
  id: number;
  program: FunctionProgram;
  limits: SandboxLimits;
  job: Job;
  /** The requests as one JSON array text. */
  requests: string;
  /** How many orders of the documents' keys each request runs under. */
  keyOrders: number;
  /**
   * Int32Array over a SharedArrayBuffer: [the request running (an index into `requests`), or RUNNING_NONE
   * or COMPILING; the number of engine runs started so far] (src/sync/progress.ts).
   */
  progress: Int32Array;
}

export type WorkerReply =
  | { id: number; compileError: string }
  /** `outcomes`: the outcomes as one JSON array text (cheaper to hand over than a structured clone); `micros`: each one's time. */
  | { id: number; outcomes: string; micros: number[] };

/** What the pool hands a worker when it starts it. */
export interface WorkerStart {
  /** The engine's module compiled by the pool; with `engineFollows`, it comes as the first message (EngineModule). */
  engine?: WebAssembly.Module;
  engineFollows?: boolean;
  limits?: SandboxLimits;
  /** Int32Array over a SharedArrayBuffer: the worker writes its thread's id (Linux), for the pool to read its CPU time. */
  thread?: Int32Array;
}

/** The engine's module, sent by the pool once compiled (null: it could not be: the worker compiles it). */
export interface EngineModule {
  engine: WebAssembly.Module | null;
}

const start = workerData as WorkerStart | undefined;
if (start?.thread) Atomics.store(start.thread, 0, threadId());
let engineArrived: (module: WebAssembly.Module | undefined) => void = () => {};
const module = start?.engineFollows ? new Promise<WebAssembly.Module | undefined>((resolve) => { engineArrived = resolve; }) : start?.engine;
// The engine compiled by the pool, handed over at start or as it is compiled (while this thread started):
// it starts before the first request arrives.
const engine = loadEngine(module, start?.limits);
/** The requests, one at a time: each waits for the one before it. */
let queue: Promise<void> = engine.catch(() => { /* a request reports the engine's failure */ });
// The programs this thread compiled (src/sync/engine.ts CompiledPrograms).
const sandboxes = new CompiledPrograms();

/** This thread's id in the kernel (/proc/thread-self on Linux), or 0 where there is none. */
function threadId(): number {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop()) || 0;
  } catch {
    return 0;
  }
}

async function sandboxFor(request: WorkerRequest): Promise<FunctionSandbox | string> {
  await engine;
  return sandboxes.get(request.program, request.limits, () => {
    Atomics.store(request.progress, 0, COMPILING);
    Atomics.add(request.progress, 1, 1);
  });
}

async function serve(request: WorkerRequest): Promise<void> {
  const sandbox = await sandboxFor(request);
  if (typeof sandbox === 'string') {
    Atomics.store(request.progress, 0, RUNNING_NONE);
    parentPort!.postMessage({ id: request.id, compileError: sandbox } satisfies WorkerReply);
    return;
  }
  // Numbers the documents hold as their text (source/number-text.ts) are NumberText again.
  const requests = parseJsonKeepingNumberText(request.requests) as unknown as CallRequest[];
  const onRun = () => { Atomics.add(request.progress, 1, 1); };
  const outcomes: RunOutcome[] = [];
  const micros: number[] = [];
  for (let k = 0; k < requests.length; k++) {
    Atomics.store(request.progress, 0, k);
    const one = await runMany(sandbox, request.job, [requests[k]!], request.keyOrders, onRun);
    outcomes.push(one.outcomes[0]!);
    micros.push(one.micros[0]!);
  }
  Atomics.store(request.progress, 0, RUNNING_NONE);
  parentPort!.postMessage({ id: request.id, outcomes: JSON.stringify(outcomes), micros } satisfies WorkerReply);
}

parentPort?.on('message', (message: WorkerRequest | EngineModule) => {
  if ('engine' in message) {
    engineArrived(message.engine ?? undefined);
    return;
  }
  const request = message;
  queue = queue.then(() => serve(request)).catch((error: unknown) => {
    parentPort!.postMessage({ id: request.id, compileError: `sgconf's engine failed: ${error instanceof Error ? error.message : String(error)}` } satisfies WorkerReply);
  });
});
