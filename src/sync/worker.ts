// The thread the sandbox runs in. QuickJS's interpreter recurses on the thread's own stack; in a worker
// with a large stack its stack limit trips before V8's does (on the main thread a deep JSON.stringify
// overflowed V8 inside WebAssembly). The worker tells the pool which case it is running (a shared
// counter) and sends results in chunks, so that a case that cannot be interrupted (a loop around a slow
// native call) can be ended by terminating the worker without losing the others.
import { parentPort } from 'node:worker_threads';
import { FunctionSandbox, type CallResult, type FunctionProgram, type SandboxLimits } from './engine.js';

export interface WorkerRequest {
  id: number;
  program: FunctionProgram;
  limits: SandboxLimits;
  calls: (string | null)[][];
  /** Int32Array over a SharedArrayBuffer: [index of the call running, or -1]. */
  progress: Int32Array;
}

export type WorkerReply =
  | { id: number; compileError: string }
  | { id: number; offset: number; results: CallResult[]; done: boolean };

const CHUNK = 64;
const sandboxes = new Map<string, FunctionSandbox>();

async function sandboxFor(request: WorkerRequest): Promise<FunctionSandbox | string> {
  const key = `${request.program.shareable}${request.program.underscore}\u0000${request.program.text}`;
  const cached = sandboxes.get(key);
  if (cached) return cached;
  const compiled = await FunctionSandbox.compile(request.program, request.limits);
  if (!compiled.ok) return compiled.message;
  if (sandboxes.size >= 8) {
    const [oldestKey, oldest] = sandboxes.entries().next().value as [string, FunctionSandbox];
    oldest.dispose();
    sandboxes.delete(oldestKey);
  }
  sandboxes.set(key, compiled.sandbox);
  return compiled.sandbox;
}

async function serve(request: WorkerRequest): Promise<void> {
  const sandbox = await sandboxFor(request);
  if (typeof sandbox === 'string') {
    parentPort!.postMessage({ id: request.id, compileError: sandbox } satisfies WorkerReply);
    return;
  }
  let chunk: CallResult[] = [];
  let offset = 0;
  for (let i = 0; i < request.calls.length; i++) {
    Atomics.store(request.progress, 0, i);
    chunk.push(sandbox.call(request.calls[i]!));
    if (chunk.length === CHUNK || i === request.calls.length - 1) {
      parentPort!.postMessage({ id: request.id, offset, results: chunk, done: i === request.calls.length - 1 } satisfies WorkerReply);
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
