// From config text to a plan: read the file's structure, lint it, decide what blocks, build.
import { lintText, type LintOptions } from '../lint.js';
import { isObject, type Diagnostic, type JsonValue, type Kind } from '../types.js';
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

// Keys that only a 3.x startup config has at the top level (cli-contract "Input kinds").
const BOOTSTRAP_KEYS = ['bootstrap', 'api', 'auth', 'replicator', 'database_credentials', 'bucket_credentials', 'max_file_descriptors', 'couchbase_keepalive_interval'];
const LEGACY_ONLY_KEYS = ['databases', 'interface', 'admininterface', 'log', 'sslcert', 'sslkey', 'replications', 'disable_persistent_config', 'config_upgrade_group_id', 'cors', 'maxfiledescriptors', 'logging'];

/** The kind of a config, as the contract describes: a `databases` map or legacy-only keys, startup keys, else a database config. */
export function planKind(value: JsonValue): Kind {
  if (!isObject(value)) return 'database';
  const keys = Object.keys(value).map((k) => k.toLowerCase());
  const logging = Object.entries(value).find(([k]) => k.toLowerCase() === 'logging')?.[1];
  const legacyLogging = isObject(logging) && Object.keys(logging).some((k) => k.toLowerCase() === 'default');
  if (keys.includes('databases') || legacyLogging) return 'legacy';
  if (keys.some((k) => LEGACY_ONLY_KEYS.includes(k) && k !== 'logging')) return 'legacy';
  if (keys.some((k) => BOOTSTRAP_KEYS.includes(k)) || keys.includes('logging')) return 'bootstrap';
  return 'database';
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
