// The text the gateway evaluates for a function, and what the sandbox may assume about it (world.ts).
import type { Release } from '../releases/index.js';
import { syncWrapperSource } from '../releases/sync-runner.js';
import { DEMAND_RECORDER, type FunctionProgram } from './engine.js';
import { analyzeWorld } from './world.js';

export type RunnableRole = 'sync' | 'import_filter';

/**
 * The sync function inside the gateway's wrapper (with sgconf's demand recorder, which changes nothing
 * the function can see); an import filter is evaluated as it is (db/import.go@4.1.1: a plain JSRunner).
 */
export function functionProgram(source: string, role: RunnableRole, release: Release): FunctionProgram {
  const text = role === 'sync' ? syncWrapperSource(neutralizeStrictMode(source), release, DEMAND_RECORDER) : neutralizeStrictMode(source);
  return { text, ...analyzeWorld(source) };
}

/**
 * otto parses "use strict" and ignores it (its README, "Caveat Emptor"); QuickJS would apply it. The
 * directive is rewritten to a string of the same length that is no directive, so that positions stay.
 */
export function neutralizeStrictMode(source: string): string {
  return source.replace(/(["'])use strict\1/g, (match) => `${match[0]}use_strict${match[0]}`);
}
