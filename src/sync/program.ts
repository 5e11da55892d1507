// The text the gateway evaluates for a function, and what the engine may assume about it (world.ts).
import type { Release } from '../releases/index.js';
import { ottoCommit, stackDepthLimit, syncWrapperSource } from '../releases/sync-runner.js';
import { DEMAND_RECORDER, type FunctionProgram } from './engine.js';
import { analyzeWorld } from './world.js';
import { parseEvaluatedSource, type InstrumentedFunction } from './instrument.js';

export type RunnableRole = 'sync' | 'import_filter';

/**
 * The sync function inside the gateway's wrapper (with sgconf's demand recorder, which changes nothing
 * the function can see); an import filter is evaluated as it is (db/import.go@4.1.1: a plain JSRunner).
 */
export function functionProgram(source: string, role: RunnableRole, release: Release, instrumented?: InstrumentedFunction, timeZone?: string): FunctionProgram {
  // An instrumented function (coverage) runs its counted text; what it may do is judged on the source.
  const runs = instrumented?.text ?? source;
  const text = role === 'sync' ? syncWrapperSource(runs, release, DEMAND_RECORDER) : runs;
  return {
    text, role, ...analyzeWorld(parseEvaluatedSource(source)), enumerates: ENUMERATES.test(source),
    otto: ottoCommit(release), stackDepthLimit: stackDepthLimit(release),
    ...(instrumented ? { counters: instrumented.points.length, counterName: instrumented.counterName } : {}),
    ...(timeZone && timeZone !== 'UTC' ? { timeZone } : {}),
  };
}

/**
 * What may enumerate an object's keys: for-in (and `in`), Object.keys, getOwnPropertyNames, defineProperties
 * and create (which read a descriptor map), and underscore (whose functions use them). A text test, so
 * conservative: a false match only runs the cases under more orders. JSON.stringify needs none: otto's
 * writes keys sorted.
 */
const ENUMERATES = /\bin\b|keys|getOwnPropertyNames|defineProperties|\bcreate\b|(?<![\w$])_(?![\w$])/;
