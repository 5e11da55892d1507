// One request through one function, from the request to what the gateway answers: prepare (gateway.ts),
// call (engine.ts), read the results (gateway.ts). Runs in the sandbox workers.
import type { Release } from '../releases/index.js';
import type { CallResult, FunctionSandbox } from './engine.js';
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

export function runOne(sandbox: Pick<FunctionSandbox, 'call'>, job: Job, request: SyncRequest): RunOutcome {
  if (job.role === 'import_filter') return outcomeOf(job, sandbox.call(prepareImportCall(request.doc)));
  const prepared = prepareSyncCall(request, job.path, job.release, job.settings);
  if (!prepared.ok) return { kind: 'refused', refusal: prepared.refusal };
  return outcomeOf(job, sandbox.call(prepared.argumentsJson));
}

/** What the gateway makes of a call's result. */
export function outcomeOf(job: Pick<Job, 'role'>, result: CallResult): RunOutcome {
  if (job.role === 'import_filter') return { kind: 'import', answer: importAnswer(result) };
  const answer = syncAnswer(result);
  const { users, roles, channels, admin } = result.natives.demands;
  return { kind: 'sync', answer, write: writeOutcome(result, answer), demands: { users: [...new Set(users)], roles: [...new Set(roles)], channels: [...new Set(channels)], admin } };
}
