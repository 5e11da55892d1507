// Runs requests through a chosen function: the gateway's Go side before and after (gateway.ts, in the
// workers, outcome.ts), the JavaScript in the sandbox pool (pool.ts). Shared by `sgconf dry-run` and `sgconf test`.
import type { InstrumentedFunction } from './instrument.js';
import type { Release } from '../releases/index.js';
import type { CallPath } from './gateway.js';
import type { CallRequest } from './outcome.js';
import type { PoolResult, RunSettings, SandboxPool } from './pool.js';
import { functionProgram } from './program.js';
import type { FunctionChoice } from './select.js';

export type { CallRequest, Demands, RunOutcome } from './outcome.js';

export type RunResult = PoolResult;

/**
 * Runs each request through the chosen function as `path` says (a real write, or the dry-run endpoint).
 * Import filter requests use only `doc`.
 */
export async function runRequests(pool: SandboxPool, choice: FunctionChoice, release: Release, path: CallPath, requests: readonly CallRequest[], instrumented?: InstrumentedFunction, timeZone?: string, settings: RunSettings = {}): Promise<RunResult> {
  // No import filter: every document is imported (db/import.go@4.1.1 ImportFilterDryRun).
  if (choice.role === 'import_filter' && choice.source === null) {
    return { ok: true, outcomes: requests.map(() => ({ kind: 'import', answer: { shouldImport: true, exception: '', logging: { errors: [], info: [] } } })), micros: requests.map(() => 0) };
  }
  const program = functionProgram(choice.source!, choice.role, release, instrumented, timeZone);
  const job = { role: choice.role, path, release, settings: { ...(choice.userXattrKey ? { userXattrKey: choice.userXattrKey } : {}) } };
  return pool.run(program, job, requests, settings);
}

