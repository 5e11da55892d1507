// The text the gateway evaluates for a function, and what its runtime needs (release, coverage, zone).
import type { Release } from '../releases/index.js';
import { ottoCommit, stackDepthLimit, SYNC_WRAPPER_HEAD, syncWrapperSource } from '../releases/sync-runner.js';
import { DEMAND_RECORDER, type FunctionProgram } from './engine.js';
import type { InstrumentedFunction, MarkedThrows } from './instrument.js';

export type RunnableRole = 'sync' | 'import_filter';

/**
 * A run that only places an outcome (src/sync/run.ts placeOutcomes): through the wrapper without its try,
 * or through the watched wrapper with the function's throw statements marked.
 */
export type PlacingRun = 'untried' | MarkedThrows;

/**
 * The sync function inside the gateway's wrapper (with sgconf's demand recorder, which changes nothing
 * the function can see); an import filter is evaluated as it is (db/import.go@4.1.1: a plain JSRunner).
 */
export function functionProgram(source: string, role: RunnableRole, release: Release, instrumented?: InstrumentedFunction, timeZone?: string, placing?: PlacingRun): FunctionProgram {
  const marked = typeof placing === 'object' ? placing : undefined;
  // An instrumented function (coverage) runs its counted text; a marked one its marked text.
  const counted = marked ? undefined : instrumented;
  const runs = marked?.text ?? counted?.text ?? source;
  const variant = placing === undefined ? 'gateway' : marked ? 'watched' : 'untried';
  const text = role === 'sync' ? syncWrapperSource(runs, release, DEMAND_RECORDER, variant) : runs;
  return {
    text, role, functionSpan: { start: role === 'sync' ? SYNC_WRAPPER_HEAD.length : 0, length: runs.length },
    otto: ottoCommit(release), stackDepthLimit: stackDepthLimit(release),
    ...(counted ? { counters: counted.points.length, counterName: counted.counterName } : {}),
    ...(marked ? { throwMarker: marked.marker } : {}),
    ...(timeZone && timeZone !== 'UTC' ? { timeZone } : {}),
  };
}
