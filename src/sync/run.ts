// Runs requests through a chosen function: the gateway's Go side before and after (gateway.ts, in the
// workers, outcome.ts), the JavaScript in the sandbox pool (pool.ts). Shared by `sgconf dry-run` and `sgconf test`.
import { markThrows, sourceOffset, type InstrumentedFunction } from './instrument.js';
import type { Release } from '../releases/index.js';
import type { CallPath, Refusal } from './gateway.js';
import type { CallRequest } from './outcome.js';
import type { PoolResult, RunSettings, SandboxPool } from './pool.js';
import type { Job, RunOutcome } from './outcome.js';
import { EXCEPTION_IN_SYNC_FUNCTION } from './gateway.js';
import { functionProgram, type PlacingRun } from './program.js';
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
 * The outcomes, each with where the function threw or rejected the write, as offsets in the function's source
 * (not its counted text), as far as a run can tell. Two kinds are found by running their requests again, under
 * their first key order, through one of sgconf's variants of the wrapper (src/releases/sync-runner.ts
 * syncWrapperSource), and taken only when that run ended the same way; nothing else of it is read, and the
 * outcomes stay those of the gateway's wrapper:
 * - an exception otto raised itself inside the function (a member of null) comes out of the wrapper's try
 *   traced at the try, not where it was made: again without the try;
 * - a rejection by a thrown object (`throw({forbidden: ...})`), of which otto keeps no place: again with the
 *   function's throw statements marked and the wrapper's catch watched (src/sync/instrument.ts markThrows).
 * For the cases a report shows: each costs a case's time again.
 */
export async function placeOutcomes(pool: SandboxPool, choice: FunctionChoice, release: Release, path: CallPath, requests: readonly CallRequest[], outcomes: readonly RunOutcome[], instrumented?: InstrumentedFunction, timeZone?: string, timeMs?: number): Promise<RunOutcome[]> {
  const inSource = (at: number | undefined) => (at === undefined || !instrumented ? at : sourceOffset(instrumented, at));
  const placed = outcomes.map((outcome): RunOutcome => (outcome.kind === 'refused' ? outcome : withPlaces(outcome, inSource(outcome.thrownAt), inSource(outcome.refusedAt))));
  if (choice.role !== 'sync' || choice.source === null) return placed;
  const source = choice.source;
  /** Runs the sync outcomes `wanted` picks again through `placing`, and keeps what `place` makes of each pair. */
  const again = async <Run extends PlacingRun>(wanted: (o: SyncOutcome) => boolean, placing: () => Run | null, place: (first: SyncOutcome, second: SyncOutcome, run: Run) => SyncOutcome | null) => {
    const indices = placed.flatMap((o, i) => (o.kind === 'sync' && wanted(o) ? [i] : []));
    const run = indices.length > 0 ? placing() : null;
    if (run === null) return;
    const program = functionProgram(source, choice.role, release, run === 'untried' ? instrumented : undefined, timeZone, run);
    const second = await pool.run(program, jobOf(choice, release, path), indices.map((i) => withoutAllDemands(requests[i]!)), timeMs !== undefined ? { timeMs } : {});
    if (!second.ok) return;
    indices.forEach((i, k) => {
      const [first, other] = [placed[i]!, second.outcomes[k]!];
      const kept = first.kind === 'sync' && other.kind === 'sync' ? place(first, other, run) : null;
      if (kept) placed[i] = kept;
    });
  };
  await again((o) => o.thrownAt === undefined && o.write.rejected?.message === EXCEPTION_IN_SYNC_FUNCTION, () => 'untried' as const,
    (first, second) => (second.thrownAt !== undefined && second.answer.exception === first.answer.exception ? withPlaces(first, inSource(second.thrownAt), first.refusedAt) : null));
  await again((o) => o.refusedAt === undefined && o.write.rejected !== null && o.answer.channels !== null, () => markThrows(source),
    (first, second, marked) => (second.throwSite !== undefined && sameRefusal(first.write.rejected, second.write.rejected) ? withPlaces(first, first.thrownAt, marked.starts[second.throwSite]) : null));
  return placed;
}

type SyncOutcome = RunOutcome & { kind: 'sync' };

function withPlaces<T extends RunOutcome & { kind: 'sync' | 'import' }>(outcome: T, thrownAt: number | undefined, refusedAt: number | undefined): T {
  const { thrownAt: _thrown, refusedAt: _refused, throwSite: _site, ...rest } = outcome;
  return { ...rest, ...(thrownAt !== undefined ? { thrownAt } : {}), ...(refusedAt !== undefined ? { refusedAt } : {}) } as T;
}

function sameRefusal(a: Refusal | null, b: Refusal | null): boolean {
  return a !== null && b !== null && a.status === b.status && a.message === b.message;
}

function jobOf(choice: FunctionChoice, release: Release, path: CallPath): Job {
  return { role: choice.role, path, release, settings: { ...(choice.userXattrKey ? { userXattrKey: choice.userXattrKey } : {}) } };
}

function withoutAllDemands(request: CallRequest): CallRequest {
  const { allDemands: _all, ...rest } = request;
  return rest;
}

