// Read and parse stages: bytes -> text in the gateway's dialect undone -> a located document.
import { isUtf8 } from 'node:buffer';
import { escapePointerToken, type Diagnostic, type Fix, type JsonValue, type RawDiagnostic, type Span } from '../types.js';
import { convertBackticks, expandEnvironment, type EnvReference } from './dialect.js';
import { findLocNode, JsonSyntaxError, jsonStringIndexToOffset, parseJsonWithLocations, type JsonParseResult, type LocNode, type WrittenNumber } from './json.js';
import { isSecretKey } from '../secrets.js';
import { composeMappers, identityMapper, LineIndex, type OffsetMapper } from './offset-map.js';

export type SourceFormat = 'json' | 'yaml';

/** A parsed config: its value and a way to find any pointer in the original bytes. */
export interface LocatedDocument {
  value: JsonValue;
  format: SourceFormat;
  /** Span in the ORIGINAL text of the value (or key) at an as-written pointer; null when there is no such value. */
  locate(pointer: string, target?: 'key' | 'value'): Span | null;
  /** Original offset of character `index` of the string value at an as-written pointer. */
  locateInString(pointer: string, index: number): number | null;
  /** The as-written pointer of the innermost value whose original span holds `offset` ("" for none). */
  pointerAt(offset: number): string;
  /** JSON number literals Go's decoder reads differently from JavaScript (schema/go-numbers.ts); absent when none. */
  writtenNumbers?: readonly WrittenNumber[];
}

export interface SourceText {
  /** The text as read (BOM removed). */
  text: string;
  lines: LineIndex;
}

export interface ParsedSource {
  source: SourceText;
  document: LocatedDocument | null;
  diagnostics: RawDiagnostic[];
  /** Environment references found in the raw text (for the converter, which keeps them). */
  envReferences: EnvReference[];
  /** Values that came from the environment, with their variables' names (secret ones are kept out of messages). */
  expandedValues: { name: string; value: string }[];
  /**
   * As-written pointers of the values that hold a placeholder (a variable the deployment sets), and of the
   * members a YAML key of no JSON form makes up (`? [a, b]`): no finding but the source's is about them.
   */
  placeholderPointers: Set<string>;
  /**
   * As-written pointers of the other values this machine cannot know: one that holds an undefined variable
   * (an error of its own, source/undefined-variable) or that YAML gives no JSON form (a template's `{{ x }}`).
   */
  unknownValuePointers: Set<string>;
  /** As-written pointers of the values that hold an environment reference (a `$$` escape is none): the gateway's environment supplies them. */
  referencePointers: Set<string>;
  /** Keys given twice in one object, by the object's as-written pointer (the last occurrence is the one kept). */
  duplicateKeys: { key: string; parentPointer: string }[];
}

export interface ReadOptions {
  /** Variables for expansion; null: no expansion (the `$` text is kept). */
  env: Record<string, string | undefined> | null;
  /** Variables declared empty in env files (set at deploy time). */
  placeholders?: ReadonlySet<string>;
  format?: SourceFormat;
}

export function formatFromPath(file: string): SourceFormat {
  return /\.ya?ml$/i.test(file) ? 'yaml' : 'json';
}

/**
 * "UTF-16LE" or "UTF-16BE" when the bytes are UTF-16 text: a byte order mark, or (without one) characters
 * below U+0100 with the zero byte beside each, as a JSON or YAML file's first characters are.
 */
function utf16Encoding(bytes: Uint8Array): string | null {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'UTF-16LE';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16BE';
  const sample = Math.min(bytes.length - (bytes.length % 2), 64);
  if (sample < 4) return null;
  let little = true, big = true;
  for (let i = 0; i < sample; i += 2) {
    if (!(bytes[i] !== 0 && bytes[i + 1] === 0)) little = false;
    if (!(bytes[i] === 0 && bytes[i + 1] !== 0)) big = false;
  }
  return little ? 'UTF-16LE' : big ? 'UTF-16BE' : null;
}

/** Decode bytes as UTF-8 the way a person expects; binary or non-UTF-8 content is a finding (where it starts), never a crash. */
export function decodeBytes(bytes: Uint8Array): { text: string | null; diagnostics: Diagnostic[] } {
  const whole = (message: string, detail?: string): Diagnostic => ({ rule: 'source/unreadable', severity: 'error', pointer: '', message, ...(detail ? { detail } : {}), line: 1, column: 1, endLine: 1, endColumn: 1 });
  const utf16 = utf16Encoding(bytes);
  if (utf16) {
    // Windows editors save UTF-16; Go's JSON decoder (and so the gateway) reads UTF-8 only.
    return { text: null, diagnostics: [whole(`the file is ${utf16} text; the gateway reads UTF-8 only: save it as UTF-8`)] };
  }
  if (bytes.includes(0)) return { text: null, diagnostics: [whole('this is a binary file (it contains NUL bytes), not a config')] };
  // Checked (notUtf8) and decoded by node:buffer: the same text as a fatal TextDecoder's that keeps a BOM,
  // without loading Node's encoding module into every lint (about 100 fresh pages of memory here).
  const invalid = notUtf8(bytes);
  if (invalid) {
    const { byte, line, column } = invalid;
    return { text: null, diagnostics: [{ ...whole(`byte ${byte} is not UTF-8: save the file as UTF-8`, NOT_UTF8), line, column, endLine: line, endColumn: column + 1 }] };
  }
  return { text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'), diagnostics: [] };
}

/** Where bytes stop being UTF-8 (the byte, as 0xE9, and its line and column as an editor counts them), or null. */
export function notUtf8(bytes: Uint8Array): { byte: string; line: number; column: number } | null {
  if (isUtf8(bytes)) return null;
  const at = firstInvalidUtf8(bytes);
  // The text before it is UTF-8: its characters give the line and column (from after a byte order mark,
  // as lint counts a config's columns).
  const before = Buffer.from(bytes.buffer, bytes.byteOffset, at).toString('utf8').replace(/^\ufeff/, '');
  return { byte: `0x${bytes[at]!.toString(16).toUpperCase().padStart(2, '0')}`, line: before.split('\n').length, column: before.length - before.lastIndexOf('\n') };
}

// rest/config.go@4.1.1 DecodeAndSanitiseStartupConfig (readServerConfig@2.8.4) decodes with base.JSONDecoder:
// encoding/json in CE (base/util_ce.go), jsoniter in EE (base/util_ee.go, unless UseStdlibJSON: base/util.go).
const NOT_UTF8 = 'An editor saving Windows-1252 or Latin-1 writes such bytes for letters like "\u00e9". The gateway\'s JSON decoder does not refuse them inside a string, but reads something other than what the file shows: the Community Edition (Go\'s encoding/json) reads each as U+FFFD, the Enterprise Edition (jsoniter) keeps the byte. Outside a string it is a syntax error.';

/** The offset of the first byte that does not belong to a well-formed UTF-8 sequence (RFC 3629), or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    const following = lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xf0 && lead <= 0xf4 ? 3 : 0;
    if (following === 0) return i;
    // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k <= following; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf)) return i;
    }
    i += following + 1;
  }
  return -1;
}

export function parseSource(rawText: string, file: string, options: ReadOptions): ParsedSource {
  const diagnostics: RawDiagnostic[] = [];
  let text = rawText;
  if (text.charCodeAt(0) === 0xfeff) {
    // Removed for parsing, so columns count from the first visible character (as editors show them).
    text = text.slice(1);
    diagnostics.push({
      rule: 'source/bom', severity: 'error', pointer: '', span: { start: 0, end: 0 },
      message: 'the file starts with a byte order mark (BOM); the gateway\'s JSON decoder rejects it: save the file as UTF-8 without BOM',
    });
  }
  // Line starts are computed only when a position is asked for (clean files never need them).
  let lines: LineIndex | null = null;
  const source: SourceText = { text, get lines() { return (lines ??= new LineIndex(text)); } };
  const format = options.format ?? formatFromPath(file);

  // 1. Environment expansion over the whole raw text.
  let expanded = text;
  let envMapper: OffsetMapper = identityMapper;
  let envReferences: EnvReference[] = [];
  let expandedValues: { name: string; value: string }[] = [];
  let placeholderSpans: Span[] = [];
  if (options.env) {
    const result = expandEnvironment(text, options.env, { placeholders: options.placeholders, format });
    placeholderSpans = result.placeholderSpans;
    expanded = result.text;
    envMapper = result.mapper;
    envReferences = result.references;
    expandedValues = result.expandedValues;
    for (const u of result.undefinedVariables) {
      diagnostics.push({ rule: 'source/undefined-variable', severity: 'error', pointer: '', span: u.span, ...undefinedVariableMessage(u.name, text, u.span) });
    }
  }

  // 2. Backtick strings (JSON dialect only: YAML has its own multi-line strings).
  let decoded = expanded;
  let mapper = envMapper;
  if (format === 'json') {
    const bt = convertBackticks(expanded);
    decoded = bt.text;
    mapper = composeMappers(bt.mapper, envMapper);
  }

  // 3. Parse.
  let parsed: JsonParseResult;
  try {
    parsed = format === 'yaml' ? parseYaml(decoded) : parseJsonWithLocations(decoded);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    const start = mapper.toInput(error.offset);
    const end = Math.max(start, mapper.toInputEnd(error.offset + error.length));
    const { mend } = error;
    const mending = mend && { fix: textFix(text, mapper.toInput(mend.start), mapper.toInputEnd(mend.end), mend.text), detail: `\`sgconf lint --fix\` ${mend.text === '' ? 'removes' : 'inserts'} it (the editor's quick fix too).` };
    diagnostics.push({ rule: error.rule, severity: 'error', pointer: '', span: { start, end }, message: error.rule === 'source/syntax' ? syntaxMessage(error.message, format) : error.message, ...mending });
    return { source, document: null, diagnostics, envReferences, expandedValues, placeholderPointers: new Set(), unknownValuePointers: new Set(), referencePointers: new Set(), duplicateKeys: [] };
  }

  for (const d of parsed.duplicates) {
    diagnostics.push({
      rule: 'source/duplicate-key', severity: 'warning', pointer: d.parentPointer, span: { start: mapper.toInput(d.span.start), end: mapper.toInputEnd(d.span.end) },
      message: `duplicate key "${d.key}": the gateway uses the last occurrence and ignores this one`,
    });
  }
  for (const problem of parsed.noJsonForm ?? []) {
    diagnostics.push({ rule: problem.rule ?? 'source/yaml-tags', severity: 'error', pointer: '', span: { start: mapper.toInput(problem.span.start), end: mapper.toInputEnd(problem.span.end) }, message: problem.message });
  }
  if (parsed.trailing) {
    diagnostics.push({
      rule: 'source/trailing-text', severity: 'warning', pointer: '', span: { start: mapper.toInput(parsed.trailing.start), end: mapper.toInputEnd(parsed.trailing.end) },
      message: 'text after the end of the JSON value: the gateway decodes only the first value and silently ignores the rest',
    });
  }

  const document = locatedDocument(parsed, format, decoded, mapper);
  // An undefined variable is about the value that holds it.
  for (const d of diagnostics) {
    if (d.rule !== 'source/undefined-variable' || !d.span) continue;
    d.writtenPointer = document.pointerAt(d.span.start);
    // In a secret ("pa$sword"), the "variable name" is part of the secret: say where, never what.
    const key = d.writtenPointer.slice(d.writtenPointer.lastIndexOf('/') + 1);
    if (isSecretKey(key)) {
      d.message = `"${key}" holds a "$" that the gateway reads as an undefined environment variable`;
      d.detail = 'Write "$$" for a literal dollar sign in the value, or define the variable.';
    }
  }
  const placeholderPointers = new Set(placeholderSpans.map((span) => document.pointerAt(span.start)));
  const unknownValuePointers = new Set<string>();
  for (const d of diagnostics) if (d.rule === 'source/undefined-variable' && d.writtenPointer !== undefined) unknownValuePointers.add(d.writtenPointer);
  // A YAML value that is a mapping key of its own (a template's `{{ revs }}`, `? [a, b]`) has no JSON form:
  // what it reads as is no value of the config, so no check of it can be right either.
  for (const problem of parsed.noJsonForm ?? []) {
    if (problem.rule !== 'source/syntax') continue;
    const pointer = document.pointerAt(mapper.toInput(problem.span.start));
    if (pointer !== '') unknownValuePointers.add(pointer);
    // The member a key of no JSON form makes up is none of the config: nothing is said of it but that.
    if (problem.madeUpMember !== undefined) placeholderPointers.add(problem.madeUpMember);
  }
  const referencePointers = new Set(envReferences.filter((r) => r.name !== '$').map((r) => document.pointerAt(r.span.start)));
  return { source, document, diagnostics, envReferences, expandedValues, placeholderPointers, unknownValuePointers, referencePointers, duplicateKeys: parsed.duplicates.map((d) => ({ key: d.key, parentPointer: d.parentPointer })) };
}

let yamlModule: typeof import('./yaml.js') | null = null;
function parseYaml(text: string): JsonParseResult {
  if (!yamlModule) throw new Error('YAML support not loaded');
  return yamlModule.parseYamlWithLocations(text);
}

/** YAML is loaded only when a YAML file is read (JSON-only runs never pay for it). */
export async function ensureYamlSupport(): Promise<void> {
  if (!yamlModule) yamlModule = await import('./yaml.js');
}

function locatedDocument(parsed: JsonParseResult, format: SourceFormat, decoded: string, mapper: OffsetMapper): LocatedDocument {
  const find = (pointer: string): LocNode | null => findLocNode(parsed.root, pointer);
  const lastInString = new WeakMap<LocNode, { decoded: number; pos: number }>();
  return {
    value: parsed.value,
    format,
    ...(parsed.writtenNumbers ? { writtenNumbers: parsed.writtenNumbers } : {}),
    locate(pointer, target = 'value') {
      const node = find(pointer);
      if (!node) return null;
      const start = target === 'key' && node.keyStart !== undefined ? node.keyStart : node.start;
      const end = target === 'key' && node.keyEnd !== undefined ? node.keyEnd : node.end;
      return { start: mapper.toInput(start), end: Math.max(mapper.toInput(start), mapper.toInputEnd(end)) };
    },
    pointerAt(offset) {
      let node = parsed.root;
      let pointer = '';
      for (;;) {
        const children = node.children;
        if (!children) return pointer;
        const entries: [string, LocNode][] = Array.isArray(children) ? children.map((c, i) => [String(i), c]) : [...children];
        const inside = entries.find(([, child]) => mapper.toInput(child.start) <= offset && offset < mapper.toInputEnd(child.end));
        if (!inside) return pointer;
        pointer += '/' + escapePointerToken(inside[0]);
        node = inside[1];
      }
    },
    locateInString(pointer, index) {
      const node = find(pointer);
      if (!node) return null;
      let offset: number;
      if (format === 'yaml') {
        offset = yamlModule!.yamlStringIndexToOffset(decoded, node, index);
      } else if (decoded.charCodeAt(node.start) === 34) {
        // Thousands of findings in one large function: each resumes where the previous one was found.
        const last = lastInString.get(node);
        offset = jsonStringIndexToOffset(decoded, node.start, node.end, index, last);
        lastInString.set(node, { decoded: index, pos: offset });
      } else {
        offset = node.start;
      }
      return mapper.toInput(offset);
    },
  };
}

/** The span of a pointer, or of its nearest existing ancestor (a missing required key points at its object). */
export function locateNearest(doc: LocatedDocument | null, pointer: string, target: 'key' | 'value'): { start: number; end: number } {
  if (!doc) return { start: 0, end: 0 };
  let p = pointer;
  let t = target;
  for (;;) {
    const span = doc.locate(p, t);
    if (span) return span;
    if (p === '') return { start: 0, end: 0 };
    p = p.slice(0, p.lastIndexOf('/'));
    t = 'key';
  }
}

function syntaxMessage(message: string, format: SourceFormat): string {
  return format === 'json' ? `invalid JSON: ${message}` : message;
}

function undefinedVariableMessage(name: string, text: string, span: Span): { message: string; detail: string } {
  const written = text.slice(span.start, span.end);
  if (name.length === 1 && /[0-9*#@!?-]/.test(name)) {
    return {
      message: `"${written}" is read by the gateway as the environment variable "${name}", which is not defined`,
      detail: `Write "$${written}" for a literal dollar sign (the classic trap is "$1" in a JavaScript replace call).`,
    };
  }
  return {
    message: `environment variable "${name}" is not defined (written "${written}"): the gateway refuses to start`,
    detail: `Define it, give a default with \${${name}:-default}, or write "$$" for a literal dollar sign.`,
  };
}

/** The fix that replaces text[start, end) with `replacement`, naming what it replaces. */
function textFix(text: string, start: number, end: number, replacement: string): Fix {
  return { op: 'replace-text', start, end, removed: text.slice(start, end), text: replacement };
}
