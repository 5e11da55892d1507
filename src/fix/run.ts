// `sgconf lint --fix`: the safe fixes of one file's findings, applied over a few passes as ESLint applies
// them (an edit that overlaps another waits for the next pass). A pass is kept only when the fixed text
// lints with fewer problems and none that the text did not have.
import { lintText, readingEnvironment, type LintOptions } from '../lint.js';
import { formatFromPath, parseSource } from '../source/index.js';
import type { Diagnostic } from '../types.js';
import { applyEdits, editFor, type TextEdit } from './edits.js';

export const MAX_FIX_PASSES = 10;

export interface FixOutcome {
  /** The fixed text (the input when nothing was fixed). */
  text: string;
  /** Fixes applied over all passes. */
  fixed: number;
  passes: number;
}

const keyOf = (d: Diagnostic) => `${d.rule}\u0000${d.pointer}`;

/** `findings`: the text's findings when the caller has them already (all of them: not --quiet's). */
export async function fixText(text: string, file: string, options: LintOptions, findings?: readonly Diagnostic[]): Promise<FixOutcome> {
  const format = formatFromPath(file);
  const env = readingEnvironment(options);
  let current = text;
  findings ??= (await lintText(current, file, options)).diagnostics;
  let fixed = 0;
  let passes = 0;
  while (passes < MAX_FIX_PASSES) {
    const fixes = findings.filter((d) => d.fix && !d.file);
    if (fixes.length === 0) break;
    const doc = parseSource(current, file, { env, format }).document;
    if (!doc) break;
    const edits = fixes.map((d) => editFor(d.fix!, current, doc)).filter((e): e is TextEdit => e !== null);
    const { text: next, applied } = applyEdits(current, edits);
    if (applied === 0 || next === current) break;
    const after = (await lintText(next, file, options)).diagnostics;
    const before = new Set(findings.map(keyOf));
    if (after.length >= findings.length || after.some((d) => !before.has(keyOf(d)))) break;
    current = next;
    findings = after;
    fixed += applied;
    passes++;
  }
  return { text: current, fixed, passes };
}
