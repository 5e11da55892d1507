// GitHub Actions workflow commands: one annotation per finding, errors first.
import type { LintReport, Severity } from '../types.js';
import type { FormatOptions } from './index.js';
import * as path from 'node:path';

const LEVEL: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };
const ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Escaping of the message part (workflow command "data"). */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escaping of property values (file, title ...). */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function formatGithub(report: LintReport, options: FormatOptions): string {
  const rows: { order: number; text: string }[] = [];
  for (const result of report.results) {
    for (const d of result.diagnostics) {
      const file = path.relative(options.cwd, path.resolve(options.cwd, d.file ?? result.file)).split(path.sep).join('/');
      const props = [
        `file=${escapeProperty(file)}`, `line=${d.line}`, `col=${d.column}`, `endLine=${d.endLine}`, `endColumn=${d.endColumn}`,
        `title=${escapeProperty(d.rule)}`,
      ].join(',');
      rows.push({ order: ORDER[d.severity], text: `::${LEVEL[d.severity]} ${props}::${escapeData(d.message)}` });
    }
  }
  rows.sort((a, b) => a.order - b.order);
  return rows.map((r) => r.text + '\n').join('');
}
