// GitHub Actions workflow commands: one annotation per finding, errors first.
import type { LintReport, Severity } from '../types.js';
import type { FormatOptions } from './options.js';
import * as path from 'node:path';

const LEVEL: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };
const ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Escaping of the message part (workflow command "data"). */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
    // Other control characters, the line separators and the bidi controls are written as escapes: none
    // reaches the log raw.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Escaping of property values (file, title ...). */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * GitHub shows at most this many annotations of each level per step (and 50 per job): beyond that, the
 * last slot says how many more there are, and those findings follow as plain log lines.
 */
export const ANNOTATIONS_PER_LEVEL = 10;

export function formatGithub(report: LintReport, options: FormatOptions): string {
  const rows: { severity: Severity; file: string; line: number; column: number; rule: string; message: string; annotation: string }[] = [];
  for (const result of report.results) {
    for (const d of result.diagnostics) {
      const file = path.relative(options.cwd, path.resolve(options.cwd, d.file ?? result.file)).split(path.sep).join('/');
      const props = [
        `file=${escapeProperty(file)}`, `line=${d.line}`, `col=${d.column}`, `endLine=${d.endLine}`, `endColumn=${d.endColumn}`,
        `title=${escapeProperty(d.rule)}`,
      ].join(',');
      // An annotation shows the message and, on the next lines, the detail.
      const message = escapeData(d.detail ? `${d.message}\n${d.detail}` : d.message);
      rows.push({ severity: d.severity, file, line: d.line, column: d.column, rule: d.rule, message, annotation: `::${LEVEL[d.severity]} ${props}::${message}` });
    }
  }
  rows.sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
  let out = '';
  let overflow = '';
  for (const severity of ['error', 'warning', 'info'] as const) {
    const ofLevel = rows.filter((r) => r.severity === severity);
    const shown = ofLevel.length > ANNOTATIONS_PER_LEVEL ? ANNOTATIONS_PER_LEVEL - 1 : ofLevel.length;
    for (const r of ofLevel.slice(0, shown)) out += r.annotation + '\n';
    const rest = ofLevel.slice(shown);
    if (rest.length === 0) continue;
    const noun = severity === 'info' ? 'notices' : `${severity}s`;
    out += `::${LEVEL[severity]} title=sgconf::${rest.length} more ${noun} are not shown as annotations (GitHub shows ${ANNOTATIONS_PER_LEVEL} of each level per step); they are listed in this step's log\n`;
    for (const r of rest) overflow += `${r.file}:${r.line}:${r.column}: ${severity}: ${r.message} [${r.rule}]\n`;
  }
  return out + overflow;
}
