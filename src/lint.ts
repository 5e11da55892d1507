// The lint pipeline: read -> parse -> kind -> normalise -> check -> positions. (Minimal first cut.)
import type { Diagnostic, FileResult, Kind, RawDiagnostic, RuleSetting, JsonValue } from './types.js';
import { checkingRules } from './rules/index.js';
import type { RuleContext, Settings } from './rules/types.js';

export interface LintOptions {
  /** Force the kind; 'auto' (default) detects it. */
  kind?: Kind | 'auto';
  /** Variables for expansion; null disables expansion (--no-env). Default: process.env. */
  env?: Record<string, string | undefined> | null;
  /** Fetch http(s) function sources (default true). */
  remote?: boolean;
  /** Per-rule severity overrides from the tool config. */
  rules?: Record<string, RuleSetting>;
  settings?: Partial<Settings>;
  /** Working directory the gateway would run in (relative function/cert paths); default process.cwd(). */
  cwd?: string;
  caFiles?: string[];
  remoteTimeoutMs?: number;
}

export async function lintText(text: string, file: string, options: LintOptions = {}): Promise<FileResult> {
  const raw: RawDiagnostic[] = [];
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch (error) {
    return { file, kind: null, diagnostics: [toDiagnostic({ rule: 'source/syntax', severity: 'error', message: String(error), pointer: '' })] };
  }
  const kind: Kind = options.kind && options.kind !== 'auto' ? options.kind : 'legacy';
  const settings: Settings = { edition: 'ee', ...options.settings };
  for (const rule of checkingRules()) {
    if (!rule.kinds.includes(kind)) continue;
    const context: RuleContext = {
      kind, document: value, functions: [], certificates: [], settings,
      report: (d) => raw.push({ rule: rule.id, severity: d.severity ?? rule.severity, message: d.message, pointer: d.pointer, target: d.target }),
      reportInFunction: (d) => raw.push({ rule: rule.id, severity: d.severity ?? rule.severity, message: d.message, pointer: d.fn.pointer }),
    };
    rule.check!(context);
  }
  return { file, kind, diagnostics: raw.map(toDiagnostic) };
}

function toDiagnostic(d: RawDiagnostic): Diagnostic {
  return { rule: d.rule, severity: d.severity, message: d.message, pointer: d.pointer, line: 1, column: 1, endLine: 1, endColumn: 1 };
}
