// The text the gateway evaluates for a function, and what the engine may assume about it (world.ts).
import type { Release } from '../releases/index.js';
import { syncWrapperSource } from '../releases/sync-runner.js';
import { DEMAND_RECORDER, type FunctionProgram } from './engine.js';
import { analyzeWorld } from './world.js';
import { parse } from 'acorn';
import type { JsNode } from '../functions/types.js';

export type RunnableRole = 'sync' | 'import_filter';

/**
 * The sync function inside the gateway's wrapper (with sgconf's demand recorder, which changes nothing
 * the function can see); an import filter is evaluated as it is (db/import.go@4.1.1: a plain JSRunner).
 */
export function functionProgram(source: string, role: RunnableRole, release: Release): FunctionProgram {
  const text = role === 'sync' ? syncWrapperSource(source, release, DEMAND_RECORDER) : source;
  return { text, role, ...analyzeWorld(parseFunction(source)) };
}

/** The source as the gateway evaluates it, `(<source>)`, parsed at otto's level (ES5); null when it does not parse. */
function parseFunction(source: string): JsNode | null {
  try {
    return parse(`(${source})`, { ecmaVersion: 5 }) as unknown as JsNode;
  } catch {
    return null;
  }
}
