// How a test run is shown: stylish (people), json (scripts), junit (CI systems' test reports), github
// (annotations on the pull request). Formatters only format: what passed was decided by the runner.
import * as path from 'node:path';
import type { Release } from '../releases/index.js';
import { escapeData, escapeProperty } from '../report/github.js';
import { redactUrlCredentials } from '../secrets.js';
import { printable, jsonText, xmlText } from '../messages.js';
import type { CaseResult, Failure, TestFileResult } from './run.js';

export type TestReportFormat = 'stylish' | 'json' | 'junit' | 'github';
export const TEST_REPORT_FORMATS: readonly TestReportFormat[] = ['stylish', 'json', 'junit', 'github'];

export interface TestReport {
  target: Release;
  results: TestFileResult[];
  passed: number;
  failed: number;
}

export function summarizeTests(target: Release, results: TestFileResult[]): TestReport {
  let passed = 0, failed = 0;
  for (const result of results) for (const c of result.cases) c.passed ? passed++ : failed++;
  return { target, results, passed, failed };
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

/** A failure's line, and under it where expected and actual differ. */
function failureLines(f: Failure): string[] {
  const line = typeof f.expected === 'string' && f.field === 'write' ? `${f.field}: expected ${f.expected}, but ${printable(String(f.actual))}` : `${f.field}: expected ${show(f.expected)}, got ${show(f.actual)}`;
  return f.difference ? [line, `  ${printable(f.difference)}`] : [line];
}

function caseProblem(c: CaseResult): string[] {
  if (c.notRun) return [`not run: ${printable(c.notRun)}`];
  const lines = c.failures.flatMap(failureLines);
  if (c.keyOrderVariants) {
    lines.push(`the result depends on the order of the document's keys, which the gateway draws at random: ${c.keyOrderVariants.length + 1} different results`);
  }
  for (const note of c.notes ?? []) lines.push(`note: ${note}`);
  return lines;
}

const PAINT = { red: 31, green: 32, gray: 90, underline: 4 } as const;

function stylish(report: TestReport, cwd: string, color: boolean): string {
  const paint = (code: keyof typeof PAINT, text: string): string => (color ? `\u001b[${PAINT[code]}m${text}\u001b[0m` : text);
  const out: string[] = [];
  for (const result of report.results) {
    const failed = result.cases.filter((c) => !c.passed);
    if (failed.length === 0 && result.diagnostics.length === 0) continue;
    out.push(paint('underline', printable(path.relative(cwd, path.resolve(cwd, result.file)) || result.file)));
    // A finding in another file (the config a case runs) names that file.
    for (const d of result.diagnostics) out.push(`  ${d.file ? `${printable(d.file)}:` : ''}${d.line}:${d.column}  ${d.severity}  ${printable(d.message)}  ${d.rule}`);
    for (const c of failed) {
      out.push(`  ${paint('gray', String(c.line))}  ${paint('red', '✗')} ${printable(c.name)}`);
      for (const line of caseProblem(c)) out.push(`      ${line}`);
    }
    out.push('');
  }
  const broken = report.results.filter((r) => r.diagnostics.some((d) => d.severity === 'error')).length;
  const counts = `${report.passed} passed, ${report.failed} failed`;
  out.push(`${paint(report.failed > 0 || broken > 0 ? 'red' : 'green', counts)}${broken ? ` (${broken} test file${broken === 1 ? '' : 's'} with errors)` : ''}; Sync Gateway ${targetsOf(report)}`);
  return `${out.join('\n')}\n`;
}


function junit(report: TestReport): string {
  const errors = report.results.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === 'error').length, 0);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="sgconf test" tests="${report.passed + report.failed}" failures="${report.failed}" errors="${errors}">`,
  ];
  for (const result of report.results) {
    const fileErrors = result.diagnostics.filter((d) => d.severity === 'error');
    const failures = result.cases.filter((c) => !c.passed).length;
    out.push(`  <testsuite name="${xmlText(result.file)}" tests="${result.cases.length}" failures="${failures}" errors="${fileErrors.length}">`);
    for (const d of fileErrors) {
      out.push(`    <testcase name="${xmlText(`${result.file}:${d.line}:${d.column}`)}" classname="${xmlText(result.file)}" file="${xmlText(result.file)}" line="${d.line}">`);
      out.push(`      <error message="${xmlText(d.message)}" type="${xmlText(d.rule)}"/>`);
      out.push('    </testcase>');
    }
    for (const c of result.cases) {
      const open = `    <testcase name="${xmlText(c.name)}" classname="${xmlText(result.file)}" file="${xmlText(result.file)}" line="${c.line}"`;
      if (c.passed) { out.push(`${open}/>`); continue; }
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
    for (const c of result.cases.filter((x) => !x.passed)) {
      out.push(`::error file=${escapeProperty(result.file)},line=${c.line},title=${escapeProperty(`sgconf test: ${c.name}`)}::${escapeData(caseProblem(c).join('\n'))}`);
    }
  }
  out.push(`${report.passed} passed, ${report.failed} failed`);
  return `${out.join('\n')}\n`;
}
