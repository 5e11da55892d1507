// Runs requests through a chosen function: the gateway's Go side before and after (gateway.ts, in the
// workers, outcome.ts), the JavaScript in the sandbox pool (pool.ts). Shared by `sgconf dry-run` and `sgconf test`.
import type { InstrumentedFunction } from './instrument.js';
import type { Release } from '../releases/index.js';
import type { CallPath } from './gateway.js';
import type { CallRequest } from './outcome.js';
import type { PoolResult, RunSettings, SandboxPool } from './pool.js';
import type { Job, RunOutcome } from './outcome.js';
import { EXCEPTION_IN_SYNC_FUNCTION } from './gateway.js';
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
  return pool.run(program, jobOf(choice, release, path), requests, settings);
}

/**
 * The outcomes, each with where the exception the wrapper rethrew was made, when a run can tell. An exception
 * otto raised itself inside the user's function (a member of null) comes out of the wrapper's try traced at
 * the try, not where it was made (src/releases/sync-runner.ts syncWrapperSource): those requests run again,
 * under their first key order, through the wrapper without the try, and a site is taken from that run only
 * when it threw the same exception. Nothing else of that run is read: the outcomes stay those of the
 * gateway's wrapper. For the cases a report shows (a run costs a case's time again).
 */
export async function placeRethrown(pool: SandboxPool, choice: FunctionChoice, release: Release, path: CallPath, requests: readonly CallRequest[], outcomes: readonly RunOutcome[], instrumented?: InstrumentedFunction, timeZone?: string, timeMs?: number): Promise<RunOutcome[]> {
  const rethrown = outcomes.flatMap((outcome, i) => (outcome.kind === 'sync' && outcome.thrownAt === undefined && outcome.write.rejected?.message === EXCEPTION_IN_SYNC_FUNCTION ? [i] : []));
  if (choice.role !== 'sync' || choice.source === null || rethrown.length === 0) return [...outcomes];
  const untried = functionProgram(choice.source, choice.role, release, instrumented, timeZone, true);
  const job = jobOf(choice, release, path);
  const again = await pool.run(untried, job, rethrown.map((i) => withoutAllDemands(requests[i]!)), timeMs !== undefined ? { timeMs } : {});
  const placed = [...outcomes];
  if (!again.ok) return placed;
  rethrown.forEach((i, k) => {
    const first = placed[i]!;
    const second = again.outcomes[k]!;
    if (first.kind !== 'sync' || second.kind !== 'sync' || second.thrownAt === undefined || second.answer.exception !== first.answer.exception) return;
    placed[i] = { ...first, thrownAt: second.thrownAt };
  });
  return placed;
}

function jobOf(choice: FunctionChoice, release: Release, path: CallPath): Job {
  return { role: choice.role, path, release, settings: { ...(choice.userXattrKey ? { userXattrKey: choice.userXattrKey } : {}) } };
}

function withoutAllDemands(request: CallRequest): CallRequest {
  const { allDemands: _all, ...rest } = request;
  return rest;
}

