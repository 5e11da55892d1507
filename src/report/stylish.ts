// Human report: grouped by file, `line:col  severity  message  rule`, a code frame, a summary line.
import * as path from 'node:path';
import { isFixable, type Diagnostic, type LintReport, type Severity } from '../types.js';
import { LineIndex } from '../source/offset-map.js';
import type { FormatOptions } from './options.js';
import { scrub, secretsToMask } from '../secrets.js';
import { printable } from '../messages.js';

/** A function file's path as the user would type it from where sgconf ran: relative inside that folder. */
function shownPath(file: string, cwd: string): string {
  if (!path.isAbsolute(file)) return file;
  const relative = path.relative(cwd, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

const CODES = { red: 31, yellow: 33, blue: 34, gray: 90, bold: 1, underline: 4, green: 32 } as const;

export function formatStylish(report: LintReport, options: FormatOptions): string {
  const paint = (code: keyof typeof CODES, text: string): string => (options.color ? `\u001b[${CODES[code]}m${text}\u001b[0m` : text);
  const severityWord = (s: Severity): string => (s === 'error' ? paint('red', 'error') : s === 'warning' ? paint('yellow', 'warning') : paint('blue', 'info'));
  let out = '';
  let infoCount = 0;
  let fileCount = 0;
  for (const result of report.results) {
    fileCount++;
    if (result.diagnostics.length === 0) continue;
    out += `\n${paint('underline', printable(result.file))}${result.kind ? paint('gray', ` (${result.kind})`) : ''}\n`;
    const sourceText = options.readSource?.(result.file) ?? null;
    const index = sourceText !== null ? new LineIndex(sourceText) : null;
    const secrets = secretsToMask(result, sourceText);
    const external = new Map<string, LineIndex | null>();
    for (const d of result.diagnostics) {
      if (d.severity === 'info') infoCount++;
      const where = `${d.file ? `${printable(shownPath(d.file, options.cwd))}:` : ''}${d.line}:${d.column}`;
      out += `  ${paint('gray', where.padEnd(8))}  ${severityWord(d.severity).padEnd(options.color ? 16 : 7)}  ${printable(d.message)}  ${paint('gray', d.rule)}\n`;
      let lines = index;
      // Only a JavaScript file's lines are shown: a path such as /proc/self/environ named as a function
      // source must not print what it holds.
      if (d.file && !/\.[cm]?js$/i.test(d.file)) {
        lines = null;
      } else if (d.file) {
        if (!external.has(d.file)) {
          const text = options.readSource?.(d.file) ?? null;
          external.set(d.file, text !== null ? new LineIndex(text) : null);
        }
        lines = external.get(d.file) ?? null;
      }
      if (lines) out += codeFrame(lines, d, secrets, paint);
      if (d.detail) out += `${wrapDetail(printable(d.detail)).map((line) => `            ${paint('gray', line)}`).join('\n')}\n`;
    }
  }
  const problems = report.errorCount + report.warningCount + infoCount;
  const hidden = options.hidden && options.hidden.warnings + options.hidden.infos > 0
    ? ` (--quiet hid ${options.hidden.warnings} warning${options.hidden.warnings === 1 ? '' : 's'} and ${options.hidden.infos} info)`
    : '';
  // The folder search says what it left out: a config it cannot tell from other JSON is never dropped unseen.
  const skipped = report.skipped?.length ?? 0;
  const suppressed = report.suppressed?.length ?? 0;
  // Files the tool config's overrides judge for another release: how many, and for which.
  const others = new Map<string, number>();
  for (const r of report.results) if (r.target && r.target !== report.target) others.set(r.target, (others.get(r.target) ?? 0) + 1);
  const otherTargets = [...others].map(([release, n]) => `; ${n} file${n === 1 ? '' : 's'} for ${release} (by its tool config)`).join('');
  const left = otherTargets + (skipped > 0 ? `; ${skipped} file${skipped === 1 ? '' : 's'} skipped as not gateway configs (--debug lists them)` : '')
    + (suppressed > 0 ? `; ${suppressed} finding${suppressed === 1 ? '' : 's'} suppressed by the tool config (--debug lists them with the reasons)` : '');
  if (problems === 0) {
    return `${out}${paint('green', '✔')} ${fileCount} file${fileCount === 1 ? '' : 's'} checked for Sync Gateway ${report.target}, ${hidden ? `no errors${hidden}` : 'no problems'}${left}\n`;
  }
  const mark = report.errorCount ? paint('red', '✖') : report.warningCount ? paint('yellow', '⚠') : paint('blue', 'ℹ');
  // As ESLint does: what --fix would take on (a pass is kept only when it leaves fewer problems).
  const fixable = options.fixHint ? report.results.reduce((n, r) => n + r.diagnostics.filter(isFixable).length, 0) : 0;
  const hint = fixable > 0 ? `  ${fixable} of ${problems} potentially fixable with --fix (--fix-dry-run shows the changes)\n` : '';
  return `${out}\n${mark} ${problems} problem${problems === 1 ? '' : 's'} (${report.errorCount} error${report.errorCount === 1 ? '' : 's'}, ${report.warningCount} warning${report.warningCount === 1 ? '' : 's'}, ${infoCount} info) in ${fileCount} file${fileCount === 1 ? '' : 's'}, judged for Sync Gateway ${report.target}${hidden}${left}\n${hint}`;
}

/** One line of context before, the line itself, and a caret line under the span (secrets masked). */
function codeFrame(lines: LineIndex, d: Diagnostic, secrets: string[], paint: (c: keyof typeof CODES, t: string) => string): string {
  const width = String(d.line).length;
  if (d.line > lines.lineCount) return '';
  const lineText = lines.lineText(d.line);
  // The caret is placed and sized on the line as shown: a masked secret before it or under it moves and
  // sizes it as "****" does, so that it never tells a secret's length.
  const asShown = (text: string): string => printable(scrub(text, secrets).replace(/\t/g, '  '));
  const caretStart = asShown(lineText.slice(0, d.column - 1)).length;
  // A long line is shown as a window around the column (a minified config is one line of megabytes).
  const from = caretStart > 120 ? caretStart - 60 : 0;
  const render = (n: number, marker: boolean): string => {
    const text = asShown(lines.lineText(n));
    let shown = from > 0 ? '...' + text.slice(from, from + 154) : text.slice(0, 157);
    if (text.length > from + (from > 0 ? 154 : 157)) shown += '...';
    return `  ${marker ? paint('red', '>') : ' '} ${paint('gray', String(n).padStart(width))} | ${shown}\n`;
  };
  let frame = '';
  if (d.line > 1) frame += render(d.line - 1, false);
  frame += render(d.line, true);
  const caretAt = caretStart - from + (from > 0 ? 3 : 0);
  const endColumn = d.endLine === d.line ? d.endColumn : lineText.length + 1;
  const spanLength = endColumn > d.column ? asShown(lineText.slice(d.column - 1, endColumn - 1)).length : 0;
  const length = Math.max(1, Math.min(spanLength, 160 - caretAt));
  frame += `    ${' '.repeat(width)} | ${' '.repeat(Math.max(0, caretAt))}${paint('red', '^'.repeat(length))}\n`;
  return frame;
}

/** The detail under a finding, wrapped at about 100 columns. */
function wrapDetail(detail: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of detail.split(/\s+/)) {
    if (line !== '' && line.length + 1 + word.length > 100) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}
