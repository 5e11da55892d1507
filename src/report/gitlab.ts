// GitLab Code Quality (artifacts:reports:codequality): a JSON array of issues, each with a description,
// the rule as check_name, a fingerprint GitLab tells issues apart by, a severity of its scale and the file
// and line (docs.gitlab.com, ci/testing/code_quality, "Code Quality report format").
import * as path from 'node:path';
import type { LintReport, Severity } from '../types.js';
import type { FormatOptions } from './options.js';
import { joinDetail, jsonText } from '../messages.js';
import { findingFingerprint } from './fingerprint.js';

// GitLab's scale is info, minor, major, critical, blocker: an error stops the gateway, so it ranks first.
const SEVERITY: Record<Severity, string> = { error: 'critical', warning: 'major', info: 'info' };

export function formatGitlab(report: LintReport, options: FormatOptions): string {
  const issues: unknown[] = [];
  // GitLab keeps one issue per fingerprint: two findings that would share one get a counter.
  const seen = new Map<string, number>();
  for (const result of report.results) {
    for (const d of result.diagnostics) {
      const file = path.relative(options.cwd, path.resolve(options.cwd, d.file ?? result.file)).split(path.sep).join('/');
      let fingerprint = findingFingerprint(d.rule, file, d.pointer, d.message);
      const count = seen.get(fingerprint) ?? 0;
      seen.set(fingerprint, count + 1);
      if (count > 0) fingerprint = findingFingerprint(d.rule, file, `${d.pointer}\u0000${count}`, d.message);
      issues.push({
        type: 'issue',
        description: joinDetail(d.message, d.detail),
        check_name: d.rule,
        fingerprint,
        severity: SEVERITY[d.severity],
        location: { path: file, lines: { begin: d.line, end: d.endLine } },
      });
    }
  }
  return `${jsonText(issues, 2)}\n`;
}
