// A diagnostic at offsets inside a function's source, mapped to the config bytes or to the external file.
// The one mapping for both the stage's parse problems and the rules' `context.reportInFunction`; kept apart
// from resolve.ts so that the pipeline can use it without loading the parser.
import type { RawDiagnostic, Severity, Span } from '../types.js';
import type { ResolvedFunction } from './types.js';

export function functionDiagnostic(fn: ResolvedFunction, rule: string, severity: Severity, span: Span, message: string, detail?: string): RawDiagnostic {
  const diagnostic: RawDiagnostic = { rule, severity, message, pointer: fn.pointer, ...(detail ? { detail } : {}) };
  const start = fn.locate(span.start);
  if (!start) return diagnostic;
  diagnostic.span = { start: start.offset, end: endOffset(fn, span, start.offset, start.file) };
  if (start.file !== undefined) {
    diagnostic.file = start.file;
    if (start.fileText !== undefined) diagnostic.fileText = start.fileText;
  }
  return diagnostic;
}

/**
 * Where the character after the span starts: that is where the span's last character ends, also when it
 * is written as an escape (`\"`, `\u0041`) or comes from a `$` expansion. Falls back to one past the
 * last character's start, then to an empty span.
 */
function endOffset(fn: ResolvedFunction, span: Span, start: number, file: string | undefined): number {
  if (span.end <= span.start) return start;
  const after = fn.locate(span.end);
  if (after && after.file === file && after.offset > start) return after.offset;
  const last = fn.locate(span.end - 1);
  return last && last.file === file && last.offset >= start ? last.offset + 1 : start;
}
