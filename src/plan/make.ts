// From config text to a plan: read the config, lint it, decide what blocks, build.
import { lintText, type LintOptions } from '../lint.js';
import type { Diagnostic, JsonValue, Kind } from '../types.js';
import { detectKind } from '../kinds/index.js';
import { buildPlan, blockingDiagnostics } from './build.js';
import { readConfigSource } from './source.js';
import type { Plan } from './types.js';
import type { Version } from '../releases/lines.js';
import { parseRelease, RELEASES } from '../releases/index.js';

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
  // The plan reads the config with the lint's environment: both see the values the gateway would read.
  const env = options.lint?.env === undefined ? {} : options.lint.env;
  const source = await readConfigSource(text, file, env);
  if (!source) {
    // The lint meets the same syntax error and describes it at its position.
    const linted = await lintText(text, file, { ...options.lint, target: parseRelease(options.to.text) ?? RELEASES[0] });
    return { ok: false, blocking: linted.diagnostics.filter((d) => d.severity === 'error') };
  }
  const kind = options.lint?.kind && options.lint.kind !== 'auto' ? options.lint.kind : planKind(source.value);
  // The findings are judged for the release the upgrade goes to (lint judges from its oldest line on).
  const target = parseRelease(options.to.text) ?? RELEASES[0];
  const linted = await lintText(text, file, { ...options.lint, kind, target });
  const blocking = blockingDiagnostics(linted.diagnostics, kind, options.from, options.to);
  if (blocking.length > 0) return { ok: false, blocking };
  const plan = buildPlan({ file, kind, source, diagnostics: linted.diagnostics, from: options.from, to: options.to });
  return { ok: true, plan };
}
