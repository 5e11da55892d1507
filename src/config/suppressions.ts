// The tool config's suppressions applied to a run's results: a finding of a listed rule in a file a glob
// matches is not reported; it is counted, with the suppression's reason. A suppression whose globs match a
// file of the run but which suppressed nothing there is a warning on the tool config (as ESLint reports an
// unused disable directive): the finding it was written for is gone, and so should it be.
import * as path from 'node:path';
import { ignoreMatcher } from '../globs.js';
import type { Diagnostic, FileResult, SuppressedFinding } from '../types.js';
import type { Suppression } from './index.js';

export interface Suppressed {
  results: FileResult[];
  suppressed: SuppressedFinding[];
  /** Suppressions that match a file of the run and suppressed nothing in it. */
  unused: Suppression[];
}

/** `base`: the tool config's folder (the globs are relative to it); `cwd`: what the results' paths are relative to. */
export function applySuppressions(results: readonly FileResult[], suppressions: readonly Suppression[], base: string, cwd: string): Suppressed {
  if (suppressions.length === 0) return { results: [...results], suppressed: [], unused: [] };
  const matchers = suppressions.map((s) => ignoreMatcher(s.files, base, cwd));
  const used = new Set<number>();
  const seen = new Set<number>();
  const suppressed: SuppressedFinding[] = [];
  const out = results.map((result) => {
    const file = path.resolve(cwd, result.file);
    const applying = suppressions.map((_, i) => i).filter((i) => matchers[i]!(file));
    if (applying.length === 0) return result;
    for (const i of applying) seen.add(i);
    const kept: Diagnostic[] = [];
    for (const d of result.diagnostics) {
      const by = applying.find((i) => suppressions[i]!.rules.includes(d.rule));
      if (by === undefined) {
        kept.push(d);
        continue;
      }
      used.add(by);
      suppressed.push({ file: result.file, rule: d.rule, line: d.line, column: d.column, message: d.message, reason: suppressions[by]!.reason });
    }
    return kept.length === result.diagnostics.length ? result : { ...result, diagnostics: kept };
  });
  return { results: out, suppressed, unused: suppressions.filter((_, i) => seen.has(i) && !used.has(i)) };
}

/** The warnings for suppressions that suppressed nothing, as a result for the tool config file. */
export function unusedSuppressionsResult(unused: readonly Suppression[], toolConfigFile: string): FileResult | null {
  if (unused.length === 0) return null;
  return {
    file: toolConfigFile, kind: null,
    diagnostics: unused.map((s) => ({
      rule: 'config/unused-suppression', severity: 'warning' as const,
      message: `the suppression of ${s.rules.join(', ')} in ${s.files.join(', ')} suppressed nothing`,
      detail: `Its reason: "${s.reason}". The finding it was written for is gone: remove the suppression.`,
      pointer: s.pointer, ...s.at,
    })),
  };
}
