// JUnit XML, as CI systems read test reports (GitLab's junit artifacts, Jenkins, Azure Pipelines): one
// test suite per file, a failing test case per error or warning (an info is a passing case with its
// message as output), and one passing case for a file without findings, as ESLint's junit formatter does.
import * as path from 'node:path';
import type { LintReport } from '../types.js';
import type { FormatOptions } from './options.js';
import { joinDetail, xmlText } from '../messages.js';

export function formatJunit(report: LintReport, options: FormatOptions): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  for (const result of report.results) {
    const file = path.relative(options.cwd, path.resolve(options.cwd, result.file)).split(path.sep).join('/') || result.file;
    const cases: string[] = [];
    let suiteFailures = 0;
    for (const d of result.diagnostics) {
      const at = d.file ? path.relative(options.cwd, path.resolve(options.cwd, d.file)).split(path.sep).join('/') : file;
      const where = `${at}:${d.line}:${d.column}`;
      const open = `    <testcase name="${xmlText(`${where} ${d.rule}`)}" classname="${xmlText(file)}" file="${xmlText(at)}" line="${d.line}" time="0"`;
      const text = xmlText(joinDetail(d.message, d.detail));
      if (d.severity === 'info') {
        cases.push(`${open}>\n      <system-out>${text}</system-out>\n    </testcase>`);
        continue;
      }
      suiteFailures++;
      cases.push(`${open}>\n      <failure message="${xmlText(d.message)}" type="${d.severity}">${xmlText(`${d.severity} ${d.rule} at ${where}: `)}${text}</failure>\n    </testcase>`);
    }
    if (cases.length === 0) cases.push(`    <testcase name="${xmlText(`${file} has no problems`)}" classname="${xmlText(file)}" file="${xmlText(file)}" time="0"/>`);
    tests += cases.length;
    failures += suiteFailures;
    suites.push(`  <testsuite name="${xmlText(file)}" package="sgconf" tests="${cases.length}" failures="${suiteFailures}" errors="0" skipped="0" time="0">\n${cases.join('\n')}\n  </testsuite>`);
  }
  out.push(`<testsuites name="${xmlText(`sgconf lint (Sync Gateway ${report.target})`)}" tests="${tests}" failures="${failures}" errors="0" time="0">`, ...suites, '</testsuites>');
  return `${out.join('\n')}\n`;
}
