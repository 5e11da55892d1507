// Runs requests through a chosen function: the gateway's Go side before and after (gateway.ts), the
// JavaScript in the sandbox pool (pool.ts). Shared by `sgconf dry-run` and `sgconf test`.
import type { Release } from '../releases/index.js';
import type { CallPath, SyncRequest } from './gateway.js';
import type { SandboxPool } from './pool.js';
import { functionProgram } from './program.js';
import type { FunctionChoice } from './select.js';
import type { RunOutcome } from './outcome.js';

export type { Demands, RunOutcome } from './outcome.js';

/** Requests sent at a time: the workers run one chunk while the next is cloned to them. */
const CHUNK = 250;

export type RunResult = { ok: true; outcomes: RunOutcome[] } | { ok: false; message: string };

/**
 * Runs each request through the chosen function as `path` says (a real write, or the dry-run endpoint).
 * Import filter requests use only `doc`.
 */
export async function runRequests(pool: SandboxPool, choice: FunctionChoice, release: Release, path: CallPath, requests: readonly SyncRequest[]): Promise<RunResult> {
  // No import filter: every document is imported (db/import.go@4.1.1 ImportFilterDryRun).
  if (choice.role === 'import_filter' && choice.source === null) {
    return { ok: true, outcomes: requests.map(() => ({ kind: 'import', answer: { shouldImport: true, exception: '', logging: { errors: [], info: [] } } })) };
  }
  const program = functionProgram(choice.source!, choice.role, release);
  const job = { role: choice.role, path, release, settings: { ...(choice.userXattrKey ? { userXattrKey: choice.userXattrKey } : {}) } };
  const chunks: ReturnType<SandboxPool['run']>[] = [];
  for (let start = 0; start < requests.length; start += CHUNK) chunks.push(pool.run(program, job, requests.slice(start, start + CHUNK)));
  const done = await Promise.all(chunks);
  const failed = done.find((d) => !d.ok);
  if (failed && !failed.ok) return failed;
  return { ok: true, outcomes: done.flatMap((d) => (d.ok ? d.outcomes : [])) };
}

/** A request as an admin write of the same documents: every require* passes, so every demand is seen. */
export function asAdmin(request: SyncRequest): SyncRequest {
  const { user: _user, ...rest } = request;
  return rest;
}
