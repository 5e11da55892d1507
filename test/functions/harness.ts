// Runs the functions stage and the functions/* and webhook/* rules directly, without the lint pipeline:
// identity positions (offsets inside the decoded string), canonical documents. Used by the stage's own tests.
import * as path from 'node:path';
import { readFileSync } from 'node:fs';
import { findFunctionSites } from '../../src/functions/sites.js';
import { functionDiagnostic } from '../../src/functions/diagnostic.js';
import { resolveFunctions, type ResolveOptions } from '../../src/functions/resolve.js';
import type { ResolvedFunction } from '../../src/functions/types.js';
import { rules as functionRules } from '../../src/rules/functions/index.js';
import { rules as webhookRules } from '../../src/rules/webhook/index.js';
import type { Rule, RuleContext } from '../../src/rules/types.js';
import type { JsonValue, Kind, RawDiagnostic } from '../../src/types.js';
import { judge, NEWEST_RELEASE } from '../../src/releases/index.js';
import { BEHAVIOUR } from '../../src/releases/behaviour.js';
import { readsFunctionSources, upgradesLegacyConfigs } from '../../src/releases/reading.js';

export const identityLocate = (_pointer: string, index: number): number => index;

export function resolveOptions(overrides: Partial<ResolveOptions> = {}): ResolveOptions {
  return {
    cwd: process.cwd(), configDir: process.cwd(), remote: false, timeoutMs: 10_000, caFiles: [], purpose: 'lint',
    fetchCache: new Map(), ...overrides,
  };
}

export async function runStage(kind: Kind, document: JsonValue, overrides: Partial<ResolveOptions> = {}) {
  const sites = findFunctionSites(kind, document, readsFunctionSources(overrides.target ?? NEWEST_RELEASE));
  return resolveFunctions(kind, document, sites, resolveOptions(overrides), identityLocate);
}

export function runRules(kind: Kind, document: JsonValue, functions: readonly ResolvedFunction[], rules: readonly Rule[]): RawDiagnostic[] {
  const out: RawDiagnostic[] = [];
  for (const rule of rules) {
    if (!rule.check || !rule.kinds.includes(kind)) continue;
    const context: RuleContext = {
      kind, document, functions, certificates: [], settings: { edition: 'ee', host: false }, target: NEWEST_RELEASE,
      now: Date.now(),
      judge: (fact) => judge(BEHAVIOUR.get(fact)!, NEWEST_RELEASE),
      upgradesLegacyConfigs: upgradesLegacyConfigs(NEWEST_RELEASE),
      holdsEnvironmentReference: () => false,
      report: (d) => out.push({ rule: rule.id, severity: d.severity ?? rule.severity, message: d.message, pointer: d.pointer, ...(d.target ? { target: d.target } : {}) }),
      reportInFunction: (d) => out.push(functionDiagnostic(d.fn, rule.id, d.severity ?? rule.severity, d.span, d.message)),
    };
    rule.check(context);
  }
  return out;
}

/** The stage plus every functions/* and webhook/* rule, as the pipeline will run them. */
export async function lintDirect(kind: Kind, document: JsonValue, overrides: Partial<ResolveOptions> = {}): Promise<RawDiagnostic[]> {
  const stage = await runStage(kind, document, overrides);
  return [...stage.diagnostics, ...runRules(kind, document, stage.functions, [...functionRules, ...webhookRules])];
}

export const corpusDir = path.resolve(__dirname, '../../../shared/corpus');

/** The corpus's configs that hold databases and their functions (MANIFEST.tsv kinds legacy and database). */
export function corpusDatabaseConfigs(): string[] {
  return readFileSync(path.join(corpusDir, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1)
    .map((line) => line.split('\t'))
    .filter(([, , , , kind]) => kind === 'legacy' || kind === 'database')
    .map(([file]) => file!);
}

/** Writes every corpus function is given: an empty document, an owner's write, a stranger's delete. */
export const CORPUS_REQUESTS = [
  { doc: {} },
  { doc: { type: 'task', owner: 'ann', channels: ['a'], title: 'x' }, user: { name: 'ann', roles: ['admin'], channels: ['a'] } },
  { doc: { _deleted: true }, oldDoc: { type: 'task', owner: 'ann' }, user: { name: 'bob', roles: [], channels: [] } },
];
