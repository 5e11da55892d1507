// One request through one function, from the request to what the gateway answers: prepare (gateway.ts),
// call (engine.ts), read the results (gateway.ts). Runs in the sandbox workers.
import type { Release } from '../releases/index.js';
import type { CallResult, DemandCall, EngineCall, FunctionSandbox, NativeCalls } from './engine.js';
import { REQUIRE_MESSAGES } from '../releases/sync-runner.js';
import {
  importAnswer, prepareImportCall, prepareSyncCall, syncAnswer, writeOutcome,
  type CallPath, type DatabaseSettings, type ImportAnswer, type Refusal, type SyncAnswer, type SyncRequest, type WriteOutcome,
} from './gateway.js';

export interface Job {
  role: 'sync' | 'import_filter';
  path: CallPath;
  release: Release;
  settings: DatabaseSettings;
}

export interface Demands {
  users: string[];
  roles: string[];
  channels: string[];
  admin: boolean;
}

/** The coverage counters the call reached, index-count pairs, when the program counts (sgconf test --coverage). */
interface Counted {
  coverage?: number[];
}

/**
 * Where the function threw an Error (CallOutcome `at`), or where it called what rejected the write, as an
 * offset in the function's text as it ran.
 */
interface Placed {
  thrownAt?: number;
  refusedAt?: number;
  /** In a run with marked throw statements, the number of the one that threw the value the wrapper caught. */
  throwSite?: number;
}

export type RunOutcome =
  | ({ kind: 'sync'; answer: SyncAnswer; write: WriteOutcome; demands: Demands; /** Each require* call, in order. */ calls: DemandCall[] } & OrderVariants & Counted & Placed)
  | ({ kind: 'import'; answer: ImportAnswer } & OrderVariants & Counted & Placed)
  /** The gateway refuses the request before the function runs (an HTTP error). */
  | { kind: 'refused'; refusal: Refusal };

/**
 * Where the outcome depends on the order of a document's keys (Go map order, random on the gateway): the
 * other outcomes the request's other orders gave (`keyOrders` > 1), each once, in order. Absent when all agree.
 */
interface OrderVariants {
  orderVariants?: RunOutcome[];
}

/** A request, and whether its outcome should name every demand of the write, as an admin write meets them. */
export interface CallRequest extends SyncRequest {
  allDemands?: boolean;
}

/** Each request's time in the engine, in microseconds: every order, and the admin run (0: refused first). */
export interface TimedOutcomes {
  outcomes: RunOutcome[];
  micros: number[];
}

const timeOf = (results: readonly CallResult[] | null): number => (results ?? []).reduce((sum, r) => sum + (r.micros ?? 0), 0);

/**
 * Runs requests through one function in order; the outcomes keep the requests' order. Each runs under
 * `keyOrders` orders of its documents' keys (engine.ts orderSeeds); `onRun` is told before each run of the engine.
 */
export async function runMany(sandbox: Pick<FunctionSandbox, 'callMany' | 'expiries'>, job: Job, requests: readonly CallRequest[], keyOrders = 1, onRun?: () => void): Promise<TimedOutcomes> {
  const call = (calls: readonly EngineCall[], orders: number) => sandbox.callMany(calls, orders, onRun);
  if (job.role === 'import_filter') {
    const called = await call(requests.map((r) => prepareImportCall(r.doc, job.path)), keyOrders);
    return { outcomes: called.map((results) => seededOutcome(job, results)), micros: called.map(timeOf) };
  }
  // A write reads each _exp as the gateway's Go does, in the engine, before anything else is decided.
  const withExp = job.path === 'write' ? requests.flatMap((r, i) => (Object.prototype.hasOwnProperty.call(r.doc, '_exp') ? [i] : [])) : [];
  const verdicts = withExp.length > 0 ? await sandbox.expiries(withExp.map((i) => requests[i]!.doc['_exp'])) : [];
  const expiryOf = new Map(withExp.map((i, k) => [i, verdicts[k]!]));
  const prepared = requests.map((request, i) => prepareSyncCall(request, job.path, job.release, job.settings, expiryOf.get(i)));
  const called = await call(prepared.flatMap((p) => (p.ok ? [p.call] : [])), keyOrders);
  let next = 0;
  const seeded = prepared.map((p) => (p.ok ? called[next++]! : null));
  const results = seeded.map((r) => r?.[0] ?? null);
  const outcomes: RunOutcome[] = prepared.map((p, i) => (p.ok ? seededOutcome(job, seeded[i]!) : { kind: 'refused', refusal: p.refusal }));
  const micros = seeded.map(timeOf);
  // A require* that refused the writer ended the function early: an admin write (every require* passes)
  // runs it through. A write no helper refused ran as the admin write would, so its demands are all.
  const again = requests.flatMap((request, i) => (request.allDemands && request.user && results[i]?.natives.denied ? [i] : []));
  if (again.length > 0) {
    const admin = await runMany(sandbox, job, again.map((i) => asAdmin(requests[i]!)), 1, onRun);
    again.forEach((i, k) => {
      micros[i]! += admin.micros[k]!;
      const outcome = outcomes[i]!, adminOutcome = admin.outcomes[k]!;
      if (outcome.kind === 'sync' && adminOutcome.kind === 'sync') outcomes[i] = { ...outcome, demands: adminOutcome.demands, calls: adminOutcome.calls };
    });
  }
  return { outcomes, micros };
}

/** The outcome under the first seed, with the different outcomes the other seeds gave. */
function seededOutcome(job: Pick<Job, 'role'>, results: readonly CallResult[]): RunOutcome {
  const outcomes = results.map((result) => outcomeOf(job, result));
  const first = outcomes[0]!;
  if (outcomes.length === 1) return first;
  const seen = new Set([JSON.stringify(first)]);
  const variants = outcomes.slice(1).filter((outcome) => {
    const key = JSON.stringify(outcome);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return variants.length > 0 && first.kind !== 'refused' ? { ...first, orderVariants: variants } : first;
}

/** A request as an admin write of the same documents: every require* passes, so every demand is seen. */
function asAdmin(request: SyncRequest): SyncRequest {
  const { user: _user, allDemands: _all, ...rest } = request as CallRequest;
  return rest;
}

/** What the gateway makes of a call's result. */
export function outcomeOf(job: Pick<Job, 'role'>, result: CallResult): RunOutcome {
  // What the run tells beside the gateway's answer: the counters it reached, where an Error was made.
  const beside = {
    ...(result.coverage ? { coverage: result.coverage } : {}),
    ...(result.outcome.kind === 'threw' && result.outcome.at !== undefined ? { thrownAt: result.outcome.at } : {}),
    ...(result.natives.throwSite !== undefined ? { throwSite: result.natives.throwSite } : {}),
  };
  if (job.role === 'import_filter') return { kind: 'import', answer: importAnswer(result), ...beside };
  const answer = syncAnswer(result);
  const { users, roles, channels, admin, calls } = result.natives.demands;
  const refusedAt = answer.channels !== null ? refusalSite(result.natives) : undefined;
  return { kind: 'sync', answer, write: writeOutcome(result, answer), demands: { users: [...new Set(users)], roles: [...new Set(roles)], channels: [...new Set(channels)], admin }, calls, ...beside, ...(refusedAt !== undefined ? { refusedAt } : {}) };
}

/**
 * Where the function called what made the kept rejection: its reject() call; or, for the wrapper's reject of a
 * require* refusal (403 with that helper's message), the function's call of the last require* that refused.
 */
function refusalSite(natives: NativeCalls): number | undefined {
  const { rejection } = natives;
  if (!rejection) return undefined;
  if (natives.rejectedAt !== undefined) return natives.rejectedAt;
  const requireRefusal = rejection.status === 403 && (Object.values(REQUIRE_MESSAGES) as string[]).includes(rejection.message);
  return requireRefusal ? natives.deniedAt : undefined;
}
