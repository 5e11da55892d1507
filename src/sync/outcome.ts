// One request through one function, from the request to what the gateway answers: prepare (gateway.ts),
// call (engine.ts), read the results (gateway.ts). Runs in the sandbox workers.
import type { Release } from '../releases/index.js';
import type { CallResult, EngineCall, FunctionSandbox } from './engine.js';
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

export type RunOutcome =
  | { kind: 'sync'; answer: SyncAnswer; write: WriteOutcome; demands: Demands }
  | { kind: 'import'; answer: ImportAnswer }
  /** The gateway refuses the request before the function runs (an HTTP error). */
  | { kind: 'refused'; refusal: Refusal };

/** A request, and whether its outcome should name every demand of the write, as an admin write meets them. */
export interface CallRequest extends SyncRequest {
  allDemands?: boolean;
}

/** Runs requests through one function in order; the outcomes keep the requests' order. */
export async function runMany(sandbox: Pick<FunctionSandbox, 'callMany'>, job: Job, requests: readonly CallRequest[]): Promise<RunOutcome[]> {
  if (job.role === 'import_filter') {
    const called = await callOnce(sandbox, requests.map((r) => prepareImportCall(r.doc, job.path)));
    return called.map((result) => outcomeOf(job, result));
  }
  const prepared = requests.map((request) => prepareSyncCall(request, job.path, job.release, job.settings));
  const called = await callOnce(sandbox, prepared.flatMap((p) => (p.ok ? [p.call] : [])));
  let next = 0;
  const results = prepared.map((p) => (p.ok ? called[next++]! : null));
  const outcomes: RunOutcome[] = prepared.map((p, i) => (p.ok ? outcomeOf(job, results[i]!) : { kind: 'refused', refusal: p.refusal }));
  // A require* that refused the writer ended the function early: an admin write (every require* passes)
  // runs it through. A write no helper refused ran as the admin write would, so its demands are all.
  const again = requests.flatMap((request, i) => (request.allDemands && request.user && results[i]?.natives.denied ? [i] : []));
  if (again.length > 0) {
    const admin = await runMany(sandbox, job, again.map((i) => asAdmin(requests[i]!)));
    again.forEach((i, k) => {
      const outcome = outcomes[i]!, adminOutcome = admin[k]!;
      if (outcome.kind === 'sync' && adminOutcome.kind === 'sync') outcomes[i] = { ...outcome, demands: adminOutcome.demands };
    });
  }
  return outcomes;
}

async function callOnce(sandbox: Pick<FunctionSandbox, 'callMany'>, calls: readonly EngineCall[]): Promise<CallResult[]> {
  return (await sandbox.callMany(calls)).map((seeded) => seeded[0]!);
}

/** A request as an admin write of the same documents: every require* passes, so every demand is seen. */
function asAdmin(request: SyncRequest): SyncRequest {
  const { user: _user, allDemands: _all, ...rest } = request as CallRequest;
  return rest;
}

/** What the gateway makes of a call's result. */
export function outcomeOf(job: Pick<Job, 'role'>, result: CallResult): RunOutcome {
  if (job.role === 'import_filter') return { kind: 'import', answer: importAnswer(result) };
  const answer = syncAnswer(result);
  const { users, roles, channels, admin } = result.natives.demands;
  return { kind: 'sync', answer, write: writeOutcome(result, answer), demands: { users: [...new Set(users)], roles: [...new Set(roles)], channels: [...new Set(channels)], admin } };
}
