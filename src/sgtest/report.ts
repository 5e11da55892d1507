// How a test run is shown: stylish (people), json (scripts), junit (CI systems' test reports), github
// (annotations on the pull request). Formatters only format: what passed was decided by the runner.
import * as path from 'node:path';
import type { Release } from '../releases/index.js';
import { escapeData, escapeProperty } from '../report/github.js';
import { redactUrlCredentials } from '../secrets.js';
import { printable, jsonText, xmlText } from '../messages.js';
import type { CaseResult, Failure, TestFileResult } from './run.js';
import { unifiedDiff } from '../fix/diff.js';
import { DRY_RUN_ERROR_PREFIX } from '../releases/sync-runner.js';
import type { FilePlace } from '../functions/place.js';

export type TestReportFormat = 'stylish' | 'json' | 'junit' | 'github';
export const TEST_REPORT_FORMATS: readonly TestReportFormat[] = ['stylish', 'json', 'junit', 'github'];

export interface TestReport {
  target: Release;
  results: TestFileResult[];
  passed: number;
  failed: number;
  skipped: number;
  todo: number;
  /** --bail stopped the run after this many failed cases; the files after it did not run. */
  bailed?: number;
}

export function summarizeTests(target: Release, results: TestFileResult[], bailed?: number): TestReport {
  let passed = 0, failed = 0, skipped = 0, todo = 0;
  for (const result of results) {
    for (const c of result.cases) {
      if (c.status === 'skipped') skipped++;
      else if (c.status === 'todo') todo++;
      else if (c.passed) passed++;
      else failed++;
    }
  }
  return { target, results, passed, failed, skipped, todo, ...(bailed !== undefined ? { bailed } : {}) };
}

/** True when every case passed and no test file is broken. */
export function testRunPassed(report: TestReport): boolean {
  return report.failed === 0 && report.results.every((r) => r.diagnostics.every((d) => d.severity !== 'error'));
}

export function formatTestReport(report: TestReport, format: TestReportFormat, cwd: string, color = false): string {
  switch (format) {
    case 'json': return `${jsonText(report, 2)}\n`;
    case 'junit': return junit(report);
    case 'github': return github(report);
    default: return stylish(report, cwd, color);
  }
}

/** The releases the files were run for: each file's own (a test file's `target`), else the run's. */
export function targetsOf(report: TestReport): string {
  const targets = [...new Set(report.results.filter((r) => r.cases.length > 0).map((r) => r.target))].sort();
  if (targets.length === 0) return report.target;
  return targets.length === 1 ? targets[0]! : `${targets.slice(0, -1).join(', ')} and ${targets[targets.length - 1]}`;
}

function show(value: unknown): string {
  return redactUrlCredentials(jsonText(value));
}

/** Past this length, expected and actual are shown as a line diff of their indented JSON. */
const LONG_VALUE = 80;

/** A failure's line, and under it where expected and actual differ. */
function failureLines(f: Failure): string[] {
  if (!(typeof f.expected === 'string' && f.field === 'write') && show(f.expected).length + show(f.actual).length > LONG_VALUE) {
    const lines = [`${f.field}: expected (-) and got (+):`, ...valueDiff(f.expected, f.actual)];
    return f.difference ? [...lines, `  ${printable(f.difference)}`] : lines;
  }
  const line = typeof f.expected === 'string' && f.field === 'write' ? `${f.field}: expected ${f.expected}, but ${printable(String(f.actual))}` : `${f.field}: expected ${show(f.expected)}, got ${show(f.actual)}`;
  return f.difference ? [line, `  ${printable(f.difference)}`] : [line];
}

/** The lines of two values' indented JSON that differ, with a line of context: - expected, + actual. */
function valueDiff(expected: unknown, actual: unknown): string[] {
  const text = (value: unknown) => `${redactUrlCredentials(jsonText(value, 2) ?? 'undefined')}\n`;
  return unifiedDiff('value', text(expected), text(actual), 1).split('\n')
    .filter((line) => line !== '' && !line.startsWith('--- ') && !line.startsWith('+++ ') && !line.startsWith('@@'))
    .map((line) => `  ${printable(line)}`);
}

function caseProblem(c: CaseResult): string[] {
  if (c.notRun) return [`not run: ${printable(c.notRun)}`];
  const lines = [...c.failures.flatMap(failureLines), ...thrownLines(c), ...rejectedLines(c), ...consoleLines(c)];
  if (c.keyOrderVariants) {
    lines.push(`the result depends on the order of the document's keys, which the gateway draws at random: ${c.keyOrderVariants.length + 1} different results`);
    [c.actual, ...c.keyOrderVariants].forEach((result, i) => lines.push(`  ${i + 1}: ${printable(redactUrlCredentials(jsonText(result) ?? ''))}`));
  }
  for (const note of c.notes ?? []) lines.push(`note: ${note}`);
  return lines;
}

/**
 * What the function threw and where, for a case that failed on something else (its 500 names no cause):
 * the gateway's exception text, unless a failure of `exception` shows it already, and the place.
 */
function thrownLines(c: CaseResult): string[] {
  const exception = c.actual?.exception;
  if (c.failures.length === 0 || !exception || !Object.values(DRY_RUN_ERROR_PREFIX).some((prefix) => exception.startsWith(`${prefix}: `))) return [];
  const lines = c.failures.some((f) => f.field === 'exception') ? [] : [`exception: ${printable(redactUrlCredentials(exception))}`];
  const at = c.actual?.thrownAt;
  if (at) lines.push(`  thrown at ${printable(at.file)}:${at.line}:${at.column}`);
  return lines;
}

/** Where the function called the reject() or the require* that rejected the write, for a case that failed. */
function rejectedLines(c: CaseResult): string[] {
  const at = c.actual?.refusedAt;
  return c.failures.length > 0 && at ? [`  rejected at ${printable(at.file)}:${at.line}:${at.column}`] : [];
}

/** At most this many lines of a failed case's console output are shown (JSON has them all). */
const CONSOLE_LINES = 10;

/**
 * What the function wrote with console.log and console.error, for a case that failed (a failure of `logs`
 * shows its lines already), as a test runner shows a failed test's output.
 */
function consoleLines(c: CaseResult): string[] {
  if (c.failures.length === 0 || !c.actual) return [];
  // The gateway keeps the two apart (logging.errors, logging.info): errors first, the more telling.
  const written = [
    ...(c.actual.errors ?? []).map((line) => `console.error: ${line}`),
    ...(c.failures.some((f) => f.field === 'logs') ? [] : (c.actual.logs ?? []).map((line) => `console.log: ${line}`)),
  ];
  const shown = written.slice(0, CONSOLE_LINES).map((line) => printable(redactUrlCredentials(line)));
  if (written.length > CONSOLE_LINES) shown.push(`... ${written.length - CONSOLE_LINES} more lines of console output (--format json lists them)`);
  return shown;
}

const PAINT = { red: 31, green: 32, gray: 90, underline: 4 } as const;

type Paint = (code: keyof typeof PAINT, text: string) => string;

function painter(color: boolean): Paint {
  return (code, text) => (color ? `\u001b[${PAINT[code]}m${text}\u001b[0m` : text);
}

/**
 * One file's block of the stylish report (its findings and failed cases), or '' when all is well; with
 * `verbose`, every case in file order with its mark and time.
 */
export function stylishFile(result: TestFileResult, cwd: string, color: boolean, verbose = false): string {
  const paint = painter(color);
  const failed = result.cases.filter((c) => c.status === 'failed');
  if (!verbose && failed.length === 0 && result.diagnostics.length === 0) return '';
  const { shown, out } = fileHeading(result, cwd, paint);
  if (verbose) return verboseCases(result, shown, paint, out);
  // Cases that did not run for one reason of the file's (its config is refused): said once, not per case.
  const notRun = failed.filter((c) => c.notRun !== undefined);
  const oneReason = notRun.length > 1 && notRun.every((c) => c.notRun === notRun[0]!.notRun);
  for (const c of failed) {
    if (oneReason && c.notRun !== undefined) continue;
    out.push(`  ${caseAt(shown, c, paint)}  ${paint('red', '✗')} ${printable(c.name)}`);
    for (const line of caseProblem(c)) out.push(`      ${line}`);
  }
  if (oneReason) out.push(`  ${paint('red', '✗')} ${notRun.length} cases not run: ${printable(notRun[0]!.notRun!)}`);
  return `${out.join('\n')}\n\n`;
}

/** A file's heading (its name as shown, its time past a second) and its findings, the first lines of its block. */
function fileHeading(result: TestFileResult, cwd: string, paint: Paint): { shown: string; out: string[] } {
  const shown = path.relative(cwd, path.resolve(cwd, result.file)) || result.file;
  const seconds = result.durationMs !== undefined && result.durationMs >= 1000 ? paint('gray', ` (${(result.durationMs / 1000).toFixed(1)} s)`) : '';
  const out = [`${paint('underline', printable(shown))}${seconds}`];
  // A finding in another file (the config a case runs) names that file.
  // Columns as lint's stylish report lines them up.
  for (const d of result.diagnostics) out.push(`  ${`${d.file ? `${printable(d.file)}:` : ''}${d.line}:${d.column}`.padEnd(8)}  ${d.severity.padEnd(7)}  ${printable(d.message)}  ${d.rule}`);
  return { shown, out };
}

/** Where a case is written, as file:line:column, which terminals and editors open at the case. */
function caseAt(shown: string, c: CaseResult, paint: Paint): string {
  return paint('gray', `${printable(shown)}:${c.line}:${c.column}`);
}

/** --reporter verbose: every case (✓ passed, ✗ failed, - skipped or todo) with its time, after `out`. */
function verboseCases(result: TestFileResult, shown: string, paint: Paint, out: string[]): string {
  for (const c of result.cases) {
    const mark = c.status === 'passed' ? paint('green', '✓') : c.status === 'failed' ? paint('red', '✗') : paint('gray', '-');
    const time = c.durationMs !== undefined ? paint('gray', ` ${c.durationMs.toFixed(1)} ms`) : '';
    const why = c.status === 'skipped' || c.status === 'todo' ? paint('gray', ` (${c.status}${c.skipped ? `: ${printable(c.skipped)}` : ''})`) : '';
    out.push(`  ${mark} ${printable(c.name)}${time}${why}`);
    if (c.status === 'failed') out.push(`      ${caseAt(shown, c, paint)}`, ...caseProblem(c).map((line) => `      ${line}`));
  }
  return `${out.join('\n')}\n\n`;
}

/** The stylish report's closing lines: the counts, the release, a bail, the slowest files of a long run. */
export function stylishSummary(report: TestReport, color: boolean): string {
  const paint = painter(color);
  const out: string[] = [];
  if (report.bailed !== undefined) out.push(`stopped after ${report.bailed} failed case${report.bailed === 1 ? '' : 's'} (--bail): the test files after it did not run`);
  const timed = report.results.filter((r) => r.durationMs !== undefined);
  const total = timed.reduce((sum, r) => sum + r.durationMs!, 0);
  if (total >= 5000) {
    // A long run names where its time went: the slowest files, and the slowest cases with their files.
    if (timed.length > 1) {
      const slowest = [...timed].sort((a, b) => b.durationMs! - a.durationMs!).slice(0, 3);
      out.push(paint('gray', `slowest files: ${slowest.map((r) => `${printable(r.file)} ${(r.durationMs! / 1000).toFixed(1)} s`).join(', ')}`));
    }
    const cases = report.results.flatMap((r) => r.cases.filter((c) => c.durationMs !== undefined).map((c) => ({ file: r.file, c })));
    const slowCases = cases.sort((a, b) => b.c.durationMs! - a.c.durationMs!).slice(0, 3);
    if (slowCases.length > 0) out.push(paint('gray', `slowest cases: ${slowCases.map(({ file, c }) => `${printable(c.name)} (${printable(file)}) ${c.durationMs} ms`).join(', ')}`));
  }
  const broken = report.results.filter((r) => r.diagnostics.some((d) => d.severity === 'error')).length;
  const counts = countsOf(report);
  out.push(`${paint(report.failed > 0 || broken > 0 ? 'red' : 'green', counts)}${broken ? ` (${broken} test file${broken === 1 ? '' : 's'} with errors)` : ''}; Sync Gateway ${targetsOf(report)}`);
  return `${out.join('\n')}\n`;
}

function stylish(report: TestReport, cwd: string, color: boolean): string {
  return report.results.map((r) => stylishFile(r, cwd, color)).join('') + stylishSummary(report, color);
}

function junit(report: TestReport): string {
  const errors = report.results.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === 'error').length, 0);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="sgconf test" tests="${report.passed + report.failed + report.skipped + report.todo}" failures="${report.failed}" errors="${errors}" skipped="${report.skipped + report.todo}" time="${seconds(report.results.reduce((sum, r) => sum + (r.durationMs ?? 0), 0))}">`,
  ];
  for (const result of report.results) {
    const fileErrors = result.diagnostics.filter((d) => d.severity === 'error');
    const failures = result.cases.filter((c) => c.status === 'failed').length;
    const skipped = result.cases.filter((c) => c.status === 'skipped' || c.status === 'todo').length;
    out.push(`  <testsuite name="${xmlText(result.file)}" tests="${result.cases.length}" failures="${failures}" errors="${fileErrors.length}" skipped="${skipped}" time="${seconds(result.durationMs ?? 0)}">`);
    for (const d of fileErrors) {
      out.push(`    <testcase name="${xmlText(`${result.file}:${d.line}:${d.column}`)}" classname="${xmlText(result.file)}" file="${xmlText(result.file)}" line="${d.line}">`);
      out.push(`      <error message="${xmlText(d.message)}" type="${xmlText(d.rule)}"/>`);
      out.push('    </testcase>');
    }
    for (const c of result.cases) {
      const open = `    <testcase name="${xmlText(c.name)}" classname="${xmlText(result.file)}" file="${xmlText(result.file)}" line="${c.line}" time="${seconds(c.durationMs ?? 0)}"`;
      if (c.passed) { out.push(`${open}/>`); continue; }
      if (c.status === 'skipped' || c.status === 'todo') {
        out.push(`${open}>`, `      <skipped message="${xmlText(c.status === 'todo' ? 'todo' : c.skipped ?? 'skipped')}"/>`, '    </testcase>');
        continue;
      }
      const lines = caseProblem(c);
      out.push(`${open}>`);
      out.push(`      <failure message="${xmlText(lines[0] ?? 'failed')}" type="${c.notRun ? 'not-run' : 'expectation'}">${xmlText(lines.join('\n'))}</failure>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}

function github(report: TestReport): string {
  const out: string[] = [];
  for (const result of report.results) {
    for (const d of result.diagnostics) {
      out.push(`::${d.severity === 'info' ? 'notice' : d.severity}${` file=${escapeProperty(d.file ?? result.file)},line=${d.line},col=${d.column},title=${escapeProperty(d.rule)}`}::${escapeData(d.message)}`);
    }
    for (const c of result.cases.filter((x) => x.status === 'failed')) {
      out.push(`::error file=${escapeProperty(result.file)},line=${c.line},col=${c.column},title=${escapeProperty(`sgconf test: ${c.name}`)}::${escapeData(caseProblem(c).join('\n'))}`);
      // The line of the function that threw or rejected the write, where the fix goes: a note there as well.
      const notice = (at: FilePlace, text: string) => out.push(`::notice file=${escapeProperty(at.file)},line=${at.line},col=${at.column},title=${escapeProperty(`sgconf test: ${c.name}`)}::${escapeData(redactUrlCredentials(text))}`);
      const { thrownAt, refusedAt, rejected, exception } = c.actual ?? {};
      if (thrownAt && thrownLines(c).length > 0) notice(thrownAt, `the function threw here: ${exception}`);
      if (refusedAt && rejected) notice(refusedAt, `the function rejected the write here: ${rejected.status} ${rejected.message}`);
    }
  }
  out.push(countsOf(report));
  return `${out.join('\n')}\n`;
}

/** `N passed, M failed`, with the skipped and todo cases when there are some. */
function countsOf(report: TestReport): string {
  return `${report.passed} passed, ${report.failed} failed${report.skipped ? `, ${report.skipped} skipped` : ''}${report.todo ? `, ${report.todo} todo` : ''}`;
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}
