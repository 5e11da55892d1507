// `sgconf lint --fix`: the safe fixes of one file's findings, applied over a few passes as ESLint applies
// them (an edit that overlaps another waits for the next pass). A pass is kept only when the fixed text
// lints with fewer problems and none that the text did not have.
import { lintText, readingEnvironment, type LintOptions } from '../lint.js';
import { formatFromPath, parseSource } from '../source/index.js';
import { LineIndex } from '../source/offset-map.js';
import type { Diagnostic, Fix } from '../types.js';
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

/**
 * `findings`: the text's findings when the caller has them already (all of them: not --quiet's). `accept`:
 * which fixes to apply (all by default).
 */
export async function fixText(text: string, file: string, options: LintOptions, findings?: readonly Diagnostic[], accept: (fix: Fix) => boolean = () => true): Promise<FixOutcome> {
  const format = formatFromPath(file);
  const env = readingEnvironment(options);
  findings ??= (await lintText(text, file, options)).diagnostics;
  // A byte order mark: every position counts from after it (as editors show the text), and its fix is its
  // removal (source/bom: the gateway's decoder refuses it; it is no character of the config).
  const bom = text.charCodeAt(0) === 0xfeff && findings.some((d) => d.rule === 'source/bom');
  let current = bom ? text.slice(1) : text;
  if (bom) findings = findings.filter((d) => d.rule !== 'source/bom');
  let fixed = bom ? 1 : 0;
  let passes = 0;
  while (passes < MAX_FIX_PASSES) {
    const fixes = findings.filter((d) => d.fix && !d.file && accept(d.fix));
    if (fixes.length === 0) break;
    const doc = parseSource(current, file, { env, format }).document;
    const edits = fixes.map((d) => editFor(d.fix!, current, doc)).filter((e): e is TextEdit => e !== null);
    const { text: next, applied } = applyEdits(current, edits);
    if (applied === 0 || next === current) break;
    const after = (await lintText(next, file, options)).diagnostics;
    if (doc ? !fewerAndNoNew(findings, after) : !readFurther(fixes, current, next, after)) break;
    current = next;
    findings = after;
    fixed += applied;
    passes++;
  }
  return { text: current, fixed, passes };
}

/** A pass on a document that parses: fewer findings, and none that the text did not have. */
function fewerAndNoNew(before: readonly Diagnostic[], after: readonly Diagnostic[]): boolean {
  const had = new Set(before.map(keyOf));
  return after.length < before.length && after.every((d) => had.has(keyOf(d)));
}

/**
 * A pass on a file that does not parse (a trailing comma removed, a missing one inserted): the file is now
 * read past the place of the error, to its end or to a later syntax error. The findings a parse reveals are
 * the file's own, not the fix's: a comma changes no value that was written.
 */
function readFurther(fixes: readonly Diagnostic[], current: string, next: string, after: readonly Diagnostic[]): boolean {
  const syntax = after.find((d) => d.rule === 'source/syntax');
  if (syntax === undefined) return true;
  // Past the place of the error fixed (which moves back by the text removed before it), or it was not fixed.
  const before = new LineIndex(current);
  const fixedAt = Math.min(...fixes.map((d) => before.offset(d.line, d.column) + (d.fix?.op === 'replace-text' ? d.fix.text.length - d.fix.removed.length : 0)));
  return new LineIndex(next).offset(syntax.line, syntax.column) > fixedAt;
}
