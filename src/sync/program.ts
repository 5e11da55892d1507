// The text the gateway evaluates for a function, and what the sandbox may assume about it (world.ts).
import type { Release } from '../releases/index.js';
import { syncWrapperSource } from '../releases/sync-runner.js';
import { DEMAND_RECORDER, type FunctionProgram } from './engine.js';
import { analyzeWorld } from './world.js';
import { parse } from 'acorn';
import { simple } from 'acorn-walk';
import type { JsNode } from '../functions/types.js';

export type RunnableRole = 'sync' | 'import_filter';

/**
 * The sync function inside the gateway's wrapper (with sgconf's demand recorder, which changes nothing
 * the function can see); an import filter is evaluated as it is (db/import.go@4.1.1: a plain JSRunner).
 */
export function functionProgram(source: string, role: RunnableRole, release: Release): FunctionProgram {
  const program = parseFunction(source);
  const runnable = neutralizeStrictMode(source, program);
  const text = role === 'sync' ? syncWrapperSource(runnable, release, DEMAND_RECORDER) : runnable;
  return { text, ...analyzeWorld(program) };
}

/** The source as the gateway evaluates it, `(<source>)`, parsed at otto's level (ES5); null when it does not parse. */
function parseFunction(source: string): JsNode | null {
  try {
    return parse(`(${source})`, { ecmaVersion: 5 }) as unknown as JsNode;
  } catch {
    return null;
  }
}

/**
 * otto parses "use strict" and ignores it (its README, "Caveat Emptor"); QuickJS would apply it. Each
 * "use strict" directive (never the same words as data) is rewritten to a string of the same length that
 * is no directive, so that positions stay.
 */
export function neutralizeStrictMode(source: string, program: JsNode | null): string {
  if (!program) return source;
  const directives: number[] = [];
  simple(program as never, {
    ExpressionStatement(node) {
      const statement = node as unknown as JsNode;
      if (statement.directive === 'use strict') directives.push(statement.expression.start - 1);
    },
  });
  let out = source;
  // "use strict" and 'use strict' are 12 characters; the quote stays, the space becomes an underscore.
  for (const at of directives) out = `${out.slice(0, at + 4)}_${out.slice(at + 5)}`;
  return out;
}
