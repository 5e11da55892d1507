// The thread the sandbox runs in. QuickJS's interpreter recurses on the thread's own stack; in a worker
// with a large stack its stack limit trips before V8's does (on the main thread a deep JSON.stringify
// overflowed V8 inside WebAssembly). The worker also does the gateway's Go side of each request
// (gateway.ts: preparing it, reading the results), so that both cores share it. It tells the pool which
// request it is running (a shared counter) and sends outcomes in chunks, so that a request that cannot be
// interrupted (a loop around a slow native call) can be ended by terminating the worker.
import { parentPort, workerData } from 'node:worker_threads';
import { FunctionSandbox, loadEngine, type FunctionProgram, type SandboxLimits } from './engine.js';
import { runOne, type Job, type RunOutcome } from './outcome.js';
import type { SyncRequest } from './gateway.js';

export interface WorkerRequest {
  id: number;
  program: FunctionProgram;
  limits: SandboxLimits;
  job: Job;
  /** The requests as one JSON array text. */
  requests: string;
  /** Int32Array over a SharedArrayBuffer: [index of the request running, or -1]. */
  progress: Int32Array;
}

export type WorkerReply =
  | { id: number; compileError: string }
  | { id: number; offset: number; outcomes: RunOutcome[]; done: boolean };

const CHUNK = 64;

// The engine compiled by the pool, handed over at start: loading begins before the first request arrives.
const engine = loadEngine((workerData as { engine?: WebAssembly.Module } | undefined)?.engine);
// One sandbox per program, cached as a promise: requests that arrive while it compiles wait for the same one.
const sandboxes = new Map<string, Promise<FunctionSandbox | string>>();

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
  const requests = JSON.parse(request.requests) as SyncRequest[];
  let chunk: RunOutcome[] = [];
  let offset = 0;
  for (let i = 0; i < requests.length; i++) {
    Atomics.store(request.progress, 0, i);
    chunk.push(runOne(sandbox, request.job, requests[i]!));
    if (chunk.length === CHUNK || i === requests.length - 1) {
      parentPort!.postMessage({ id: request.id, offset, outcomes: chunk, done: i === requests.length - 1 } satisfies WorkerReply);
      offset = i + 1;
      chunk = [];
    }
  }
  Atomics.store(request.progress, 0, -1);
}

parentPort?.on('message', (request: WorkerRequest) => {
  serve(request).catch((error: unknown) => {
    parentPort!.postMessage({ id: request.id, compileError: `sgconf's sandbox failed: ${error instanceof Error ? error.message : String(error)}` } satisfies WorkerReply);
  });
});
