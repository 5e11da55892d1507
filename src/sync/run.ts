// Runs requests through a chosen function: the gateway's Go side before and after (gateway.ts), the
// JavaScript in the sandbox pool (pool.ts). Shared by `sgconf dry-run` and `sgconf test`.
import type { Release } from '../releases/index.js';
import type { JsonObject } from '../types.js';
import type { CallResult } from './engine.js';
import {
  importAnswer, prepareImportCall, prepareSyncCall, syncAnswer, writeOutcome,
  type CallPath, type ImportAnswer, type Refusal, type SyncAnswer, type SyncRequest, type WriteOutcome,
} from './gateway.js';
import type { SandboxPool } from './pool.js';
import { functionProgram } from './program.js';
import type { FunctionChoice } from './select.js';

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

export type RunResult = { ok: true; outcomes: RunOutcome[] } | { ok: false; message: string };

/**
 * Runs each request through the chosen function as `path` says (a real write, or the dry-run endpoint).
 * Import filter requests use only `doc`.
 */
export async function runRequests(pool: SandboxPool, choice: FunctionChoice, release: Release, path: CallPath, requests: readonly SyncRequest[]): Promise<RunResult> {
  if (choice.role === 'import_filter') {
    // No import filter: every document is imported (db/import.go@4.1.1 ImportFilterDryRun).
    if (choice.source === null) return { ok: true, outcomes: requests.map(() => ({ kind: 'import', answer: { shouldImport: true, exception: '', logging: { errors: [], info: [] } } })) };
    const ran = await pool.run(functionProgram(choice.source, 'import_filter', release), requests.map((r) => prepareImportCall(r.doc)));
    if (!ran.ok) return ran;
    return { ok: true, outcomes: ran.results.map((result) => ({ kind: 'import', answer: importAnswer(result) })) };
  }
  const prepared = requests.map((request) => prepareSyncCall(request, path, release, { userXattrKey: choice.userXattrKey }));
  const runnable = prepared.flatMap((p) => (p.ok ? [p.args] : []));
  const ran = await pool.run(functionProgram(choice.source!, 'sync', release), runnable);
  if (!ran.ok) return ran;
  let next = 0;
  const outcomes = prepared.map((p): RunOutcome => {
    if (!p.ok) return { kind: 'refused', refusal: p.refusal };
    const result = ran.results[next++]!;
    const answer = syncAnswer(result);
    return { kind: 'sync', answer, write: writeOutcome(result, answer), demands: demandsOf(result) };
  });
  return { ok: true, outcomes };
}

function demandsOf(result: CallResult): Demands {
  const { users, roles, channels, admin } = result.natives.demands;
  return { users: [...new Set(users)], roles: [...new Set(roles)], channels: [...new Set(channels)], admin };
}

/** A request as an admin write of the same documents: every require* passes, so every demand is reached. */
export function asAdmin(request: SyncRequest): SyncRequest {
  const { user: _user, ...rest } = request;
  return rest;
}

export type { JsonObject };
