// From config text to a plan: read the file's structure, lint it, decide what blocks, build.
import { lintText, type LintOptions } from '../lint.js';
import type { Diagnostic, JsonValue, Kind } from '../types.js';
import { detectKind } from '../kinds/index.js';
import { buildPlan, blockingDiagnostics } from './build.js';
import { ConfigSyntaxError, readConfigSource } from './source.js';
import type { Plan } from './types.js';
import type { Version } from './versions.js';

export type PlanOutcome =
  | { ok: true; plan: Plan }
  | { ok: false; blocking: Diagnostic[] };

export interface MakePlanOptions {
  from: Version;
  to: Version;
  lint?: LintOptions;
}

/** The kind of a config, detected as lint does; a file that is none of the three is planned as a database config. */
export function planKind(value: JsonValue): Kind {
  return detectKind(value).kind ?? 'database';
}

export async function makePlan(text: string, file: string, options: MakePlanOptions): Promise<PlanOutcome> {
  let source;
  try {
    source = readConfigSource(text, file);
  } catch (error) {
    if (!(error instanceof ConfigSyntaxError)) throw error;
    // Let the linter describe the syntax problem in its own words when it can.
    const linted = await lintText(text, file, { ...options.lint });
    const errors = linted.diagnostics.filter((d) => d.severity === 'error');
    return {
      ok: false,
      blocking: errors.length ? errors : [{ rule: 'source/syntax', severity: 'error', message: error.message, pointer: '', line: error.line, column: 1, endLine: error.line, endColumn: 1 }],
    };
  }
  const kind = options.lint?.kind && options.lint.kind !== 'auto' ? options.lint.kind : planKind(source.value);
  const linted = await lintText(text, file, { ...options.lint, kind });
  const blocking = blockingDiagnostics(linted.diagnostics, kind, options.from, options.to);
  if (blocking.length > 0) return { ok: false, blocking };
  const plan = buildPlan({ file, kind, config: source.value, lineOf: source.lineOf, diagnostics: linted.diagnostics, from: options.from, to: options.to });
  return { ok: true, plan };
}
