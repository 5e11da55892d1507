// Shared vocabulary of the whole pipeline. Every stage speaks in these types.

export type Severity = 'error' | 'warning' | 'info';
export type RuleSetting = Severity | 'off';
export type Kind = 'legacy' | 'bootstrap' | 'database';

/** A span of offsets (UTF-16 code units, end exclusive) in some text. */
export interface Span {
  start: number;
  end: number;
}

/**
 * A finding as the stages produce it. Positions are resolved later by the pipeline:
 * - by default from `pointer` (the value at that pointer; `target: 'key'` for the key itself),
 * - or from `span`, offsets in the ORIGINAL bytes of the config file (already mapped back),
 * - or, for an external function file, `file` plus `span` in that file's text.
 */
/**
 * A safe fix of a finding, as an operation on the document (src/fix/ turns it into the smallest text edit):
 * replace a value, remove an object member, insert a member at the start of an object, move a member; or,
 * in a file that does not parse, remove text.
 */
export type Fix =
  | { op: 'replace-value'; pointer: string; value: JsonValue }
  | { op: 'remove-member'; pointer: string }
  | { op: 'insert-member'; pointer: string; key: string; value: JsonValue }
  /**
   * The member at `pointer` moved to `to` (objects on the way made as needed), its value as written; where
   * `to` is set, the member is removed (the rule offers this only where that one wins).
   */
  | { op: 'move-member'; pointer: string; to: string }
  /**
   * Text replaced in a file that does not parse (a trailing comma removed, a missing one inserted): offsets
   * into the file's text as it was linted (past a byte order mark, as every position), since no document
   * locates anything in it; `removed` is the text that is there (no edit when it is not), `text` what it becomes.
   */
  | { op: 'replace-text'; start: number; end: number; removed: string; text: string };

export interface RawDiagnostic {
  rule: string;
  severity: Severity;
  /** One sentence: what is wrong (and, where it matters, for which release). */
  message: string;
  /** Why it matters and how to fix it. */
  detail?: string;
  /** The safe fix, when the rule has one (pointers in canonical spelling, like `pointer`). */
  fix?: Fix;
  /** RFC 6901 pointer into the parsed document ("" = whole document), keys in canonical spelling. */
  pointer: string;
  /** The pointer with keys as written, when the stage knows it (skips the canonical -> written mapping). */
  writtenPointer?: string;
  target?: 'key' | 'value';
  span?: Span;
  /** An external file the span refers to (function source files). */
  file?: string;
  /** Text of that external file, so positions can be computed without reading it again. */
  fileText?: string;
  /**
   * A schema/unknown-field finding past the first thousand of a file carries its key and an empty message:
   * the message is made only if the finding is listed (src/lint.ts capPerRule), so that a config of a
   * million unknown keys does not build a million messages.
   */
  unknownKey?: string;
}

/** A finding as users see it (the JSON report's shape, see cli-contract.md). */
export interface Diagnostic {
  rule: string;
  severity: Severity;
  /** One sentence: what is wrong (and, where it matters, for which release). */
  message: string;
  /** Why it matters and how to fix it; absent when the message says everything. */
  detail?: string;
  pointer: string;
  /** What `sgconf lint --fix` changes for this finding (pointers as written in the file). */
  fix?: Fix;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** Present only when the position is inside another file (an external function source). */
  file?: string;
}

/** Whether `lint --fix` has a fix for this finding: its own, or a byte order mark's removal (src/fix/run.ts). */
export function isFixable(d: Diagnostic): boolean {
  return (d.fix !== undefined && d.file === undefined) || d.rule === 'source/bom';
}

export interface FileResult {
  file: string;
  kind: Kind | null;
  diagnostics: Diagnostic[];
  /** The release this file was judged for, when a tool config override names another than the run's. */
  target?: string;
  /** convert only: the decisions the conversion asks (the contract's "convert: decisions"). */
  decisions?: ReportedDecision[];
}

/** A decision of a conversion as reports show it. */
export interface ReportedDecision {
  id: string;
  question: string;
  choices: { id: string; effect: string }[];
  /** The gateway source that makes it a choice. */
  source: string;
  /** The choice given, when one was. */
  taken?: string;
}

export interface LintReport {
  /** The gateway release every verdict is about (`--target`). */
  target: string;
  results: FileResult[];
  errorCount: number;
  warningCount: number;
  /** Files a folder search found and left out, and why (not a gateway config); an addition to the contract's report. */
  skipped?: SkippedFile[];
  /** Findings the tool config's suppressions kept out of the results, each with its reason; an addition too. */
  suppressed?: SuppressedFinding[];
}

export interface SuppressedFinding {
  file: string;
  rule: string;
  line: number;
  column: number;
  message: string;
  /** The suppression's reason. */
  reason: string;
}

export interface SkippedFile {
  file: string;
  reason: string;
}

/** JSON values as parsed from a config. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Sets an own property, also for the key "__proto__" (a user, role or replication may be named so):
 * plain assignment would set the object's prototype instead and the entry would vanish.
 */
export function setOwn(target: { [key: string]: unknown }, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** RFC 6901 escaping of one reference token. */
export function escapePointerToken(token: string): string {
  if (token.indexOf('~') < 0 && token.indexOf('/') < 0) return token; // the common case, kept cheap
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function joinPointer(base: string, ...tokens: (string | number)[]): string {
  let out = base;
  for (const t of tokens) out += '/' + escapePointerToken(String(t));
  return out;
}

export function splitPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function getAtPointer(root: unknown, pointer: string): unknown {
  let node: unknown = root;
  for (const token of splitPointer(pointer)) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isObject(node)) node = Object.prototype.hasOwnProperty.call(node, token) ? node[token] : undefined;
    else return undefined;
  }
  return node;
}
