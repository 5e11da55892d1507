// A function file (`orders-sync.js`) as lint, the hooks and the editor judge it when it is named or open
// by itself: the findings the configs that name it give at its own lines, or, when none names it, what
// its own text shows.
import * as path from 'node:path';
import { LineIndex } from '../source/offset-map.js';
import { parseFunctionSource } from './parse.js';
import type { Diagnostic } from '../types.js';

/** A function file alone: acorn's reading of it as the gateway's wrapper reads a function ('(' + source + ')'). */
export function functionFileAlone(text: string): Diagnostic[] {
  const lines = new LineIndex(text);
  return parseFunctionSource(text).problems.map((p) => {
    const start = lines.position(p.start);
    const end = lines.position(p.end);
    return { rule: p.rule, severity: 'error', message: p.message, ...(p.detail ? { detail: p.detail } : {}), pointer: '', line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
  });
}

/**
 * The findings of one config (at `configFile`, absolute) that lie in the function file `functionFile`
 * (absolute), as that file's own, each saying which config it came through (`shownConfig`). A fix belongs
 * to the config's text, so these carry none.
 */
export function findingsThrough(configFile: string, diagnostics: readonly Diagnostic[], functionFile: string, shownConfig: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const d of diagnostics) {
    if (!d.file || path.resolve(path.dirname(configFile), d.file) !== functionFile) continue;
    const { file: _file, fileText: _text, fix: _fix, ...own } = d as Diagnostic & { fileText?: string };
    found.push({ ...own, message: `${own.message} (through ${shownConfig})` });
  }
  return found;
}
