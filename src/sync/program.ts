// The text the gateway evaluates for a function, and what its runtime needs (release, coverage, zone).
import type { Release } from '../releases/index.js';
import { ottoCommit, stackDepthLimit, SYNC_WRAPPER_HEAD, syncWrapperSource } from '../releases/sync-runner.js';
import { DEMAND_RECORDER, type FunctionProgram } from './engine.js';
import type { InstrumentedFunction } from './instrument.js';

export type RunnableRole = 'sync' | 'import_filter';

/**
 * The sync function inside the gateway's wrapper (with sgconf's demand recorder, which changes nothing
 * the function can see); an import filter is evaluated as it is (db/import.go@4.1.1: a plain JSRunner).
 */
export function functionProgram(source: string, role: RunnableRole, release: Release, instrumented?: InstrumentedFunction, timeZone?: string, untried = false): FunctionProgram {
  // An instrumented function (coverage) runs its counted text.
  const runs = instrumented?.text ?? source;
  const text = role === 'sync' ? syncWrapperSource(runs, release, DEMAND_RECORDER, untried) : runs;
  return {
    text, role, functionSpan: { start: role === 'sync' ? SYNC_WRAPPER_HEAD.length : 0, length: runs.length },
    otto: ottoCommit(release), stackDepthLimit: stackDepthLimit(release),
    ...(instrumented ? { counters: instrumented.points.length, counterName: instrumented.counterName } : {}),
    ...(timeZone && timeZone !== 'UTC' ? { timeZone } : {}),
  };
}
