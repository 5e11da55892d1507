// A test file (*.sgtest.json|yaml|yml): the config it tests and its cases, checked field by field so that
// every mistake is a diagnostic at its place (rule sgtest/invalid-file), never a crash or a silent skip.
import { ensureYamlSupport, formatFromPath, parseSource } from '../source/index.js';
import { LineIndex } from '../source/offset-map.js';
import { hasDuplicateKeys, nestsTooDeep } from '../source/json.js';
import { keepNumberText, mayHoldNumberText, parseJsonKeepingNumberText } from '../source/number-text.js';
import { closestMatch } from '../distance.js';
import { escapePointerToken, getAtPointer, isObject, joinPointer, type JsonObject, type JsonValue, type RawDiagnostic } from '../types.js';
import type { LocatedDocument, SourceText } from '../source/index.js';
import type { WriterContext } from '../sync/gateway.js';
import { isTimeZone } from '../sync/time-zone.js';

/** A list stated exactly, or in part: members it must include and members it must not. */
export type ListExpectation = { exact: string[] } | { includes?: string[]; excludes?: string[] };
/** A map of names to lists, stated exactly or in part (per name: members included, members excluded). */
export type MapExpectation = { exact: Record<string, string[]> } | { includes?: Record<string, string[]>; excludes?: Record<string, string[]> };
/** One require* call: its kind and the arguments it accepted (any one of them suffices). */
export type DemandExpectation = { users: string[] } | { roles: string[] } | { channels: string[] } | { admin: true };

export interface Expectation {
  channels?: ListExpectation;
  access?: MapExpectation;
  roles?: MapExpectation;
  /** false: accepted; a status; or a status with its message (exact) or parts of it (any order). */
  rejected?: false | { status: number; message?: string; messageIncludes?: string[] };
  expiry?: number | null;
  /** Parts of the exception text, every one of them, in any order. */
  exception?: string[];
  logs?: string[];
  authorization?: { users?: string[]; roles?: string[]; channels?: string[]; admin?: boolean };
  /** Each require* call, in call order ([]: none). */
  demands?: DemandExpectation[];
  import?: boolean;
}

export interface TestCase {
  index: number;
  name: string;
  importFilter: boolean;
  doc: JsonObject;
  oldDoc?: JsonObject | null;
  user?: WriterContext | null;
  xattrs?: JsonObject;
  database?: string;
  collection?: string;
  expect: Expectation;
  /** `skip: true` or `skip: "<reason>"`: reported as skipped, not run. */
  skip?: string | true;
  /** `only: true`: the file runs its `only` cases alone (as Jest's test.only, per file). */
  only?: boolean;
  /** `todo: true`: a case still to write; reported, not run, and needs no `expect`. */
  todo?: boolean;
}

export interface TestFile {
  /** The config the cases run through, or (with `function`) none. */
  config?: string;
  /** A file holding the function itself, as the config will hold it. */
  function?: string;
  /** What `function` is: a sync function (default) or an import filter. */
  type?: 'sync' | 'import_filter';
  database?: string;
  collection?: string;
  target?: string;
  /** The gateway host's time zone (an IANA name): the local time of the function's Date. */
  timezone?: string;
  /** How many orders of the documents' keys each case runs under (default 1). */
  keyOrders?: number;
  /** The CPU time one run of one case may use, in ms. */
  timeout?: number;
  cases: TestCase[];
}

export interface ReadTestFile {
  file: TestFile | null;
  diagnostics: RawDiagnostic[];
  /** The file located for positions; parsed only when a position is needed (a finding, a failed case). */
  located(): { source: SourceText | null; document: LocatedDocument | null };
  /** Where case `index` is written: the line and column of its start. */
  casePosition(index: number): { line: number; column: number };
}

const FILE_KEYS = ['config', 'function', 'type', 'database', 'collection', 'target', 'timezone', 'keyOrders', 'timeout', 'defaults', 'cases'];

/** The largest `keyOrders` and `timeout` (--key-orders, --timeout): beyond them a run is a mistake. */
export const MAX_KEY_ORDERS = 64;
export const MAX_TIMEOUT_MS = 600_000;
const CASE_KEYS = ['name', 'doc', 'oldDoc', 'userCtx', 'xattrs', 'importFilter', 'database', 'collection', 'expect', 'skip', 'only', 'todo'];
/** What `defaults` may give every case (a case's own keys win; `expect` is merged key by key). */
const DEFAULT_KEYS = ['doc', 'oldDoc', 'userCtx', 'xattrs', 'importFilter', 'expect'];
const EXPECT_KEYS = ['channels', 'access', 'roles', 'rejected', 'expiry', 'exception', 'logs', 'authorization', 'demands', 'import'];
const REJECTED_KEYS = ['status', 'message', 'messageIncludes'];
const PART_KEYS = ['includes', 'excludes'];
const DEMAND_KEYS = ['users', 'roles', 'channels', 'admin'];
const USER_KEYS = ['name', 'roles', 'channels'];
const AUTHORIZATION_KEYS = ['users', 'roles', 'channels', 'admin'];
const SYNC_ONLY = ['channels', 'access', 'roles', 'rejected', 'expiry', 'authorization', 'demands'];

export const INVALID_FILE = 'sgtest/invalid-file';
export const ASSERTS_NOTHING = 'sgtest/asserts-nothing';
export const DUPLICATE_NAME = 'sgtest/duplicate-name';

/** Reads a test file's text; `file` is null when it cannot be used at all (diagnostics say why). */
export async function readTestFile(text: string, path: string): Promise<ReadTestFile> {
  const format = formatFromPath(path);
  // A clean JSON file (the common large case) is read with JSON.parse and one scan for where its cases
  // start: the located parser, ten times slower, runs only if a finding needs a position.
  // Nesting past the limit goes to the located parser, which reports it (source/too-deep) as lint does.
  if (format === 'json' && text.charCodeAt(0) !== 0xfeff && !nestsTooDeep(text) && !hasDuplicateKeys(text)) {
    let value: JsonValue | undefined;
    try {
      value = JSON.parse(text) as JsonValue;
    } catch {
      value = undefined;
    }
    if (value !== undefined) {
      // Only the documents take the numbers' text: expectations and the rest stay plain numbers.
      if (mayHoldNumberText(text)) {
        const kept = parseJsonKeepingNumberText(text);
        replaceDocuments(value, (pointer) => getAtPointer(kept, pointer) as JsonValue | undefined);
      }
      const problems = new TestFileChecker();
      const file = problems.file(value);
      if (file && problems.found.length === 0) {
        const located = memo(() => locate(text, path, format));
        // Where the cases start, found when a line is first asked for (a run whose cases all pass, reported
        // in stylish, never asks).
        const offsets = memo(() => caseOffsets(text));
        let lines: LineIndex | null = null;
        return {
          file, diagnostics: [], located,
          casePosition: (index) => {
            const starts = offsets();
            if (starts && starts.length === file.cases.length) return (lines ??= new LineIndex(text)).position(starts[index] ?? 0);
            return locatedCasePosition(located(), index);
          },
        };
      }
    }
  }
  if (format === 'yaml') await ensureYamlSupport();
  const { source, document, diagnostics: readProblems, duplicateKeys } = locate(text, path, format);
  // A key given twice is an error at the second one: the first would be replaced without a word. A byte
  // order mark is the gateway's objection, and the gateway never reads a test file: sgconf skips it.
  const diagnostics: RawDiagnostic[] = readProblems.filter((d) => d.rule !== 'source/duplicate-key' && d.rule !== 'source/bom').map((d) => ({ ...d, rule: d.severity === 'error' ? INVALID_FILE : d.rule }));
  for (const { key, parentPointer } of duplicateKeys) {
    const pointer = joinPointer(parentPointer, key);
    diagnostics.push({ rule: INVALID_FILE, severity: 'error', pointer, writtenPointer: pointer, target: 'key', message: `"${key}" is given twice here: a test file gives each key once (the second would replace the first without a word)` });
  }
  const located = () => ({ source, document });
  const casePosition = (index: number) => locatedCasePosition({ source, document }, index);
  if (!document) return { file: null, diagnostics, located, casePosition };
  const writtenText = (pointer: string): string | null => {
    const span = document.locate(pointer, 'value');
    return span ? source.text.slice(span.start, span.end) : null;
  };
  replaceDocuments(document.value, (pointer, current) => keepNumberText(current, pointer, writtenText));
  const problems = new TestFileChecker();
  const file = problems.file(document.value);
  diagnostics.push(...problems.found);
  // Any error, the reader's included (a YAML tag with no JSON form), leaves the file unrun.
  const usable = diagnostics.every((d) => d.severity !== 'error');
  return { file: usable ? file : null, diagnostics, located, casePosition };
}

/** The keys of a case (and of `defaults`) that hold documents, whose numbers keep their written text. */
const DOCUMENT_KEYS = ['doc', 'oldDoc', 'xattrs'];

/**
 * Replaces each document of the file (a case's or the defaults' doc, oldDoc and xattrs) with
 * `replacement(pointer, value)`: the same document with its numbers' written text (source/number-text.ts).
 */
function replaceDocuments(file: JsonValue, replacement: (pointer: string, current: JsonValue) => JsonValue | undefined): void {
  if (!isObject(file)) return;
  const holders: [string, JsonValue | undefined][] = [['/defaults', file['defaults']]];
  const cases = file['cases'];
  if (Array.isArray(cases)) cases.forEach((c, i) => holders.push([`/cases/${i}`, c]));
  for (const [at, holder] of holders) {
    if (!isObject(holder)) continue;
    for (const key of DOCUMENT_KEYS) {
      const current = holder[key];
      if (current === undefined || current === null || typeof current !== 'object') continue;
      const kept = replacement(`${at}/${key}`, current);
      if (kept !== undefined) holder[key] = kept;
    }
  }
}

/** Where case `index` starts (line and column), from the located file. */
function locatedCasePosition({ source, document }: { source: SourceText | null; document: LocatedDocument | null }, index: number): { line: number; column: number } {
  const span = document?.locate(`/cases/${index}`, 'value');
  return span && source ? source.lines.position(span.start) : { line: 1, column: 1 };
}

function locate(text: string, path: string, format: 'json' | 'yaml') {
  // Test files are plain JSON or YAML: no environment expansion.
  const parsed = parseSource(text, path, { env: null, format });
  return { source: parsed.source, document: parsed.document, diagnostics: parsed.diagnostics, duplicateKeys: parsed.duplicateKeys };
}

function memo<T>(compute: () => T): () => T {
  let value: T | undefined;
  let done = false;
  return () => {
    if (!done) { value = compute(); done = true; }
    return value as T;
  };
}

/**
 * Where each element of the top-level "cases" array starts, in valid JSON: one pass that tracks strings
 * and depth. Null when there is no such array (the checker has said so already).
 */
export function caseOffsets(text: string): number[] | null {
  let depth = 0;
  let lastKey: string | null = null;
  let inCases = false;
  let expectValue = false;
  const offsets: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22) {
      // A string: find its end (a quote not escaped).
      let j = i + 1;
      for (; j < text.length; j++) {
        const c = text.charCodeAt(j);
        if (c === 0x5c) j++;
        else if (c === 0x22) break;
      }
      if (inCases && depth === 2 && expectValue) { offsets.push(i); expectValue = false; }
      if (depth === 1) lastKey = text.slice(i + 1, j);
      i = j;
      continue;
    }
    if (ch === 0x20 || ch === 0x0a || ch === 0x0d || ch === 0x09) continue;
    if (ch === 0x7b || ch === 0x5b) {
      if (inCases && depth === 2 && expectValue) { offsets.push(i); expectValue = false; }
      depth++;
      if (ch === 0x5b && depth === 2 && lastKey === 'cases') { inCases = true; expectValue = true; }
      continue;
    }
    if (ch === 0x7d || ch === 0x5d) {
      depth--;
      if (inCases && depth === 1) return offsets;
      continue;
    }
    if (ch === 0x2c) { if (inCases && depth === 2) expectValue = true; continue; }
    if (ch === 0x3a) continue;
    // A number, true, false or null as a case (the checker refuses it, but its place is still its start).
    if (inCases && depth === 2 && expectValue) { offsets.push(i); expectValue = false; }
  }
  return null;
}

class TestFileChecker {
  readonly found: RawDiagnostic[] = [];
  /** The expect keys of the case being checked that the defaults give (not judged by assertsNothing again). */
  private inherited: ReadonlySet<string> = new Set();

  private report(pointer: string, message: string, target: 'key' | 'value' = 'value'): void {
    this.found.push({ rule: INVALID_FILE, severity: 'error', pointer, writtenPointer: pointer, message, target });
  }

  /** An expectation that no result of the function can fail: a warning, the case still runs. */
  private assertsNothing(pointer: string, what: string): void {
    if (this.inherited.has(pointer.slice(pointer.lastIndexOf('/') + 1))) return;
    this.found.push({ rule: ASSERTS_NOTHING, severity: 'warning', pointer, writtenPointer: pointer, target: 'value', message: `${what} asserts nothing: the case passes whatever the function does` });
  }

  /** A case named as an earlier one of the file: reports that tell cases apart by name show one of them. */
  private duplicateNames(cases: readonly JsonValue[]): void {
    const firstByName = new Map<string, number>();
    cases.forEach((c, index) => {
      const name = isObject(c) ? c['name'] : undefined;
      if (typeof name !== 'string' || name === '') return;
      const first = firstByName.get(name);
      if (first === undefined) {
        firstByName.set(name, index);
        return;
      }
      const pointer = `/cases/${index}/name`;
      this.found.push({
        rule: DUPLICATE_NAME, severity: 'warning', pointer, writtenPointer: pointer, target: 'value',
        message: `case ${index + 1} has the name of case ${first + 1}, "${name}"`,
        detail: 'A JUnit report and the test views of CI tell cases apart by name, so one result can hide the other (a failure behind a pass), and --grep picks both. Give each case a name of its own.',
      });
    });
  }

  private keys(value: JsonObject, allowed: readonly string[], at: string, what: string): void {
    for (const key of Object.keys(value)) {
      if (allowed.includes(key)) continue;
      // A short key that begins one allowed key (user → userCtx) is too far from it for an edit distance.
      const near = closestMatch(key, allowed) ?? onlyOneStartingWith(key, allowed);
      this.report(`${at}/${escapePointerToken(key)}`, `unknown key "${key}" in ${what}${near ? `; did you mean "${near}"?` : ''}`, 'key');
    }
  }

  file(value: JsonValue): TestFile | null {
    if (!isObject(value)) {
      this.report('', 'a test file is an object with "config" (or "function") and "cases"');
      return null;
    }
    this.keys(value, FILE_KEYS, '', 'the test file');
    const config = this.string(value, 'config', '', false);
    const fn = this.string(value, 'function', '', false);
    if (config === undefined && fn === undefined && !('config' in value) && !('function' in value)) this.report('', '"config" is missing: name the config the cases run through (or "function": a file holding the function)');
    if (config !== undefined && fn !== undefined) this.report('/function', '"function" and "config" exclude each other: the cases run either through a config or through a function file', 'key');
    const type = value['type'];
    if (type !== undefined) {
      if (fn === undefined) this.report('/type', '"type" says what "function" holds; with "config", each case says "importFilter: true"', 'key');
      else if (type !== 'sync' && type !== 'import_filter') this.report('/type', '"type" is "sync" or "import_filter"');
    }
    const database = this.string(value, 'database', '', false);
    const collection = this.string(value, 'collection', '', false);
    const target = this.string(value, 'target', '', false);
    const timezone = this.string(value, 'timezone', '', false);
    if (timezone !== undefined && !isTimeZone(timezone)) this.report('/timezone', `"timezone" is an IANA time zone such as "Europe/Paris" or "UTC", not ${JSON.stringify(timezone)}`);
    const keyOrders = this.wholeNumber(value, 'keyOrders', MAX_KEY_ORDERS, 'orders of the documents\' keys each case runs under');
    const timeout = this.wholeNumber(value, 'timeout', MAX_TIMEOUT_MS, 'milliseconds of CPU time one run of a case may use');
    if (fn !== undefined) {
      for (const key of ['database', 'collection'] as const) if (value[key] !== undefined) this.report(`/${key}`, `"${key}" chooses a function of a config; a "function" file holds one`, 'key');
    }
    const defaults = this.defaults(value['defaults'], type === 'import_filter');
    const cases = value['cases'];
    if (!Array.isArray(cases)) {
      this.report(cases === undefined ? '' : '/cases', cases === undefined ? 'the test file has no "cases"' : '"cases" is a list of cases');
      return null;
    }
    if (cases.length === 0) this.report('/cases', '"cases" is empty: a test file without cases tests nothing');
    const parsedCases = cases.map((c, index) => this.testCase(c, index, defaults, type === 'import_filter')).filter((c): c is TestCase => c !== null);
    this.duplicateNames(cases);
    if (config === undefined && fn === undefined) return null;
    return {
      cases: parsedCases,
      ...(config !== undefined ? { config } : {}),
      ...(fn !== undefined ? { function: fn, type: type === 'import_filter' ? 'import_filter' as const : 'sync' as const } : {}),
      ...(timezone !== undefined ? { timezone } : {}),
      ...(keyOrders !== undefined ? { keyOrders } : {}), ...(timeout !== undefined ? { timeout } : {}),
      ...(database !== undefined ? { database } : {}), ...(collection !== undefined ? { collection } : {}), ...(target !== undefined ? { target } : {}),
    };
  }

  /** A whole number from 1 to `max` at `key`, or undefined (reported when it is something else). */
  private wholeNumber(value: JsonObject, key: string, max: number, what: string): number | undefined {
    const n = value[key];
    if (n === undefined) return undefined;
    if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= max) return n;
    this.report(`/${key}`, `"${key}" is a whole number from 1 to ${max}: the ${what}`);
    return undefined;
  }

  /** `defaults`: keys every case gets unless it has its own (its `expect` is merged key by key). */
  private defaults(value: JsonValue | undefined, importFile: boolean): JsonObject {
    if (value === undefined) return {};
    if (!isObject(value)) {
      this.report('/defaults', '"defaults" is an object of case keys (userCtx, expect ...) that every case gets');
      return {};
    }
    this.keys(value, DEFAULT_KEYS, '/defaults', '"defaults"');
    // Checked here, where they are written, so that a mistake in them is reported once, at its place.
    const probe = new TestFileChecker();
    if (value['userCtx'] !== undefined) probe.user(value['userCtx'], '/defaults/userCtx');
    if (value['expect'] !== undefined) probe.expectationIn(value['expect'], '/defaults/expect', value['importFilter'] === true || importFile, 'defaults', true);
    this.found.push(...probe.found);
    const out: JsonObject = {};
    for (const key of DEFAULT_KEYS) if (value[key] !== undefined) out[key] = value[key]!;
    return probe.found.some((d) => d.severity === 'error') ? {} : out;
  }

  private string(value: JsonObject, key: string, at: string, required: boolean): string | undefined {
    const v = value[key];
    if (v === undefined) {
      if (required) this.report(at, `"${key}" is missing`);
      return undefined;
    }
    if (typeof v !== 'string' || v === '') {
      this.report(`${at}/${key}`, `"${key}" is a non-empty string`);
      return undefined;
    }
    return v;
  }

  private strings(value: JsonValue | undefined, at: string, key: string): string[] | undefined {
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
      this.report(at, `"${key}" is a list of strings`);
      return undefined;
    }
    return value as string[];
  }

  private stringMap(value: JsonValue | undefined, at: string, key: string): Record<string, string[]> | undefined {
    if (value === undefined) return undefined;
    if (!isObject(value)) {
      this.report(at, `"${key}" maps names to lists of strings, e.g. {ann: [orders-ann]}`);
      return undefined;
    }
    const out: Record<string, string[]> = {};
    for (const [name, list] of Object.entries(value)) {
      const strings = this.strings(list, `${at}/${escapePointerToken(name)}`, `${key}.${name}`);
      if (strings) Object.defineProperty(out, name, { value: strings, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }

  private testCase(written: JsonValue, index: number, defaults: JsonObject, importFile: boolean): TestCase | null {
    const at = `/cases/${index}`;
    if (!isObject(written)) {
      this.report(at, 'a case is an object with "name", "doc" and "expect"');
      return null;
    }
    // Named as the other findings of the case name it: by its name when it has one.
    const writtenName = written['name'];
    this.keys(written, CASE_KEYS, at, typeof writtenName === 'string' && writtenName !== '' ? `case "${writtenName}"` : `case ${index + 1}`);
    // The defaults under the case's own keys; `expect` merged key by key (the case's win).
    const value: JsonObject = { ...defaults, ...written };
    const defaultExpect = defaults['expect'];
    const ownExpect = written['expect'];
    if (isObject(defaultExpect) && (ownExpect === undefined || isObject(ownExpect))) value['expect'] = { ...defaultExpect, ...(ownExpect ?? {}) };
    if (importFile && written['importFilter'] === undefined) value['importFilter'] = true;
    const name = this.string(value, 'name', at, true) ?? `case ${index + 1}`;
    const importFilter = value['importFilter'];
    if (importFilter !== undefined && typeof importFilter !== 'boolean') this.report(`${at}/importFilter`, '"importFilter" is true or false');
    const isImport = importFilter === true;
    const doc = value['doc'];
    if (!isObject(doc) && !(doc === undefined && written['todo'] === true)) this.report(doc === undefined ? at : `${at}/doc`, doc === undefined ? `case "${name}" has no "doc"` : '"doc" is the document body, an object');
    const oldDoc = value['oldDoc'];
    if (oldDoc !== undefined && oldDoc !== null && !isObject(oldDoc)) this.report(`${at}/oldDoc`, '"oldDoc" is the current revision\'s body (an object) or null');
    if (isImport && oldDoc !== undefined) this.report(`${at}/oldDoc`, 'an import filter sees only the document: "oldDoc" does not apply');
    const user = this.user(value['userCtx'], `${at}/userCtx`);
    const xattrs = value['xattrs'];
    if (xattrs !== undefined && !isObject(xattrs)) this.report(`${at}/xattrs`, '"xattrs" is meta.xattrs: an object keyed by the database\'s user_xattr_key');
    const database = this.string(value, 'database', at, false);
    const collection = this.string(value, 'collection', at, false);
    const skip = written['skip'];
    if (skip !== undefined && skip !== true && skip !== false && (typeof skip !== 'string' || skip.trim() === '')) this.report(`${at}/skip`, '"skip" is true or the reason the case is skipped');
    const only = written['only'];
    if (only !== undefined && typeof only !== 'boolean') this.report(`${at}/only`, '"only" is true or false');
    const todo = written['todo'];
    if (todo !== undefined && typeof todo !== 'boolean') this.report(`${at}/todo`, '"todo" is true or false');
    const marks = {
      ...(skip === true || (typeof skip === 'string' && skip.trim() !== '') ? { skip: skip as string | true } : {}),
      ...(only === true ? { only: true } : {}),
      ...(todo === true ? { todo: true } : {}),
    };
    // A case still to write needs no expectation (nor a document).
    if (todo === true) {
      return { index, name, importFilter: isImport, doc: isObject(doc) ? doc : {}, expect: {}, ...marks };
    }
    // A key of the defaults' expect was judged there; a case that gives it again overrides it on purpose
    // (an empty part turns a default expectation off).
    const inherited = new Set(isObject(defaultExpect) ? Object.keys(defaultExpect) : []);
    const expectation = this.expectationIn(value['expect'], `${at}/expect`, isImport, name, false, inherited);
    if (!isObject(doc) || !expectation) return null;
    return {
      index, name, importFilter: isImport, doc, expect: expectation,
      ...(oldDoc !== undefined && (oldDoc === null || isObject(oldDoc)) ? { oldDoc } : {}),
      ...(user !== undefined ? { user } : {}),
      ...(isObject(xattrs) ? { xattrs } : {}),
      ...(database !== undefined ? { database } : {}),
      ...(collection !== undefined ? { collection } : {}),
      ...marks,
    };
  }

  user(value: JsonValue | undefined, at: string): WriterContext | null | undefined {
    if (value === undefined || value === null) return value;
    if (!isObject(value)) {
      this.report(at, '"userCtx" is the writing user, {name, roles, channels}, or null for an admin write');
      return undefined;
    }
    this.keys(value, USER_KEYS, at, 'userCtx');
    // The empty name is the guest's: a write by a client without credentials.
    const name = value['name'] === '' ? '' : this.string(value, 'name', at, true);
    const roles = this.strings(value['roles'], `${at}/roles`, 'roles') ?? [];
    const channels = this.strings(value['channels'], `${at}/channels`, 'channels') ?? [];
    return name === undefined ? undefined : { name, roles, channels };
  }

  expectationIn(value: JsonValue | undefined, at: string, isImport: boolean, name: string, partial: boolean, inherited: ReadonlySet<string> = new Set()): Expectation | null {
    if (!isObject(value)) {
      this.report(value === undefined ? at.slice(0, at.lastIndexOf('/')) : at, value === undefined ? `case "${name}" has no "expect": say what must come out` : '"expect" is an object');
      return null;
    }
    this.keys(value, EXPECT_KEYS, at, '"expect"');
    this.inherited = inherited;
    for (const key of Object.keys(value)) {
      if (isImport && SYNC_ONLY.includes(key)) this.report(`${at}/${key}`, `"${key}" is a sync function result; an import filter case expects "import"`, 'key');
      if (!isImport && key === 'import') this.report(`${at}/import`, '"import" is an import filter result: set "importFilter: true" on the case', 'key');
    }
    const out: Expectation = {};
    const channels = this.list(value['channels'], `${at}/channels`, 'channels');
    if (channels) out.channels = channels;
    const access = this.map(value['access'], `${at}/access`, 'access');
    if (access) out.access = access;
    const roles = this.map(value['roles'], `${at}/roles`, 'roles');
    if (roles) out.roles = roles;
    const rejected = this.rejected(value['rejected'], `${at}/rejected`);
    if (rejected !== undefined) out.rejected = rejected;
    const expiry = value['expiry'];
    if (expiry !== undefined) {
      if (expiry === null || (typeof expiry === 'number' && Number.isInteger(expiry) && expiry >= 0)) out.expiry = expiry;
      else this.report(`${at}/expiry`, '"expiry" is the expiry in seconds the function sets, or null for none');
    }
    const exception = value['exception'];
    if (exception !== undefined) {
      if (typeof exception === 'string') out.exception = [exception];
      else if (Array.isArray(exception) && exception.length > 0 && exception.every((e) => typeof e === 'string')) out.exception = exception as string[];
      else this.report(`${at}/exception`, '"exception" is a part of the exception text, or a list of parts that must all appear (in any order)');
      // Every text holds the empty part, the empty text ("no exception") too.
      if (out.exception?.every((part) => part === '')) this.assertsNothing(`${at}/exception`, '"exception" with only empty parts');
    }
    const logs = this.strings(value['logs'], `${at}/logs`, 'logs');
    if (logs) out.logs = logs;
    if (logs && logs.length === 0) this.assertsNothing(`${at}/logs`, '"logs: []"');
    const authorization = value['authorization'];
    if (authorization !== undefined) {
      if (!isObject(authorization)) this.report(`${at}/authorization`, '"authorization" is {users, roles, channels, admin}: what the function demands of the writer');
      else {
        this.keys(authorization, AUTHORIZATION_KEYS, `${at}/authorization`, '"authorization"');
        const a: NonNullable<Expectation['authorization']> = {};
        for (const key of ['users', 'roles', 'channels'] as const) {
          const list = this.strings(authorization[key], `${at}/authorization/${key}`, key);
          if (list) a[key] = list;
        }
        if (authorization['admin'] !== undefined) {
          if (typeof authorization['admin'] === 'boolean') a.admin = authorization['admin'];
          else this.report(`${at}/authorization/admin`, '"admin" is true or false');
        }
        if (Object.keys(a).length === 0 && Object.keys(authorization).length === 0) this.assertsNothing(`${at}/authorization`, '"authorization: {}"');
        out.authorization = a;
      }
    }
    const demands = this.demands(value['demands'], `${at}/demands`);
    if (demands) out.demands = demands;
    const imported = value['import'];
    if (imported !== undefined) {
      if (typeof imported === 'boolean') out.import = imported;
      else this.report(`${at}/import`, '"import" is true or false');
    }
    if (!partial && Object.keys(value).length === 0) this.report(at, '"expect" is empty: the case would pass whatever the function does');
    return out;
  }

  /** A list (exact), or {includes, excludes} (a part). */
  private list(value: JsonValue | undefined, at: string, key: string): ListExpectation | undefined {
    if (value === undefined) return undefined;
    if (Array.isArray(value)) {
      const exact = this.strings(value, at, key);
      return exact ? { exact } : undefined;
    }
    if (!isObject(value)) {
      this.report(at, `"${key}" is a list of strings (exactly these) or {includes: [...], excludes: [...]} (a part)`);
      return undefined;
    }
    this.keys(value, PART_KEYS, at, `"${key}"`);
    const includes = this.strings(value['includes'], `${at}/includes`, 'includes');
    const excludes = this.strings(value['excludes'], `${at}/excludes`, 'excludes');
    if (!includes && !excludes) {
      this.report(at, `"${key}" as a part needs "includes" or "excludes"`);
      return undefined;
    }
    if ((includes ?? []).length === 0 && (excludes ?? []).length === 0) this.assertsNothing(at, `"${key}" with nothing in "includes" or "excludes"`);
    return { ...(includes ? { includes } : {}), ...(excludes ? { excludes } : {}) };
  }

  /**
   * A map of names to lists (exact), or {includes: {...}, excludes: {...}} (a part). A map whose only keys
   * are includes/excludes holding objects is the part form; holding lists, it names users "includes".
   */
  private map(value: JsonValue | undefined, at: string, key: string): MapExpectation | undefined {
    if (value === undefined) return undefined;
    const keys = isObject(value) ? Object.keys(value) : [];
    const partForm = keys.length > 0 && keys.every((k) => PART_KEYS.includes(k)) && keys.every((k) => isObject((value as JsonObject)[k]!));
    if (!partForm) {
      const exact = this.stringMap(value, at, key);
      return exact ? { exact } : undefined;
    }
    const obj = value as JsonObject;
    const includes = obj['includes'] !== undefined ? this.stringMap(obj['includes'], `${at}/includes`, `${key}.includes`) : undefined;
    const excludes = obj['excludes'] !== undefined ? this.stringMap(obj['excludes'], `${at}/excludes`, `${key}.excludes`) : undefined;
    const named = [...Object.values(includes ?? {}), ...Object.values(excludes ?? {})];
    if ((includes || excludes) && named.every((list) => list.length === 0)) this.assertsNothing(at, `"${key}" with nothing in "includes" or "excludes"`);
    return { ...(includes ? { includes } : {}), ...(excludes ? { excludes } : {}) };
  }

  private rejected(value: JsonValue | undefined, at: string): Expectation['rejected'] | undefined {
    if (value === undefined) return undefined;
    if (value === false) return false;
    if (typeof value === 'number' && Number.isInteger(value)) return { status: value };
    const shape = '"rejected" is false, a status such as 403, or {status: 403, message: "..."} or {status: 403, messageIncludes: ["...", "..."]}';
    if (!isObject(value)) {
      this.report(at, shape);
      return undefined;
    }
    this.keys(value, REJECTED_KEYS, at, '"rejected"');
    const status = value['status'];
    if (typeof status !== 'number' || !Number.isInteger(status)) {
      this.report(status === undefined ? at : `${at}/status`, `${shape}: "status" is a whole number`);
      return undefined;
    }
    const message = value['message'];
    if (message !== undefined && typeof message !== 'string') {
      this.report(`${at}/message`, '"message" is the whole rejection message (or give parts in "messageIncludes")');
      return undefined;
    }
    const parts = value['messageIncludes'] === undefined ? undefined : this.strings(value['messageIncludes'], `${at}/messageIncludes`, 'messageIncludes');
    if (value['messageIncludes'] !== undefined && !parts) return undefined;
    return { status, ...(typeof message === 'string' ? { message } : {}), ...(parts ? { messageIncludes: parts } : {}) };
  }

  /** One entry per require* call: {users: [...]}, {roles: [...]}, {channels: [...]} or {admin: true}. */
  private demands(value: JsonValue | undefined, at: string): DemandExpectation[] | undefined {
    if (value === undefined) return undefined;
    const shape = '"demands" lists the require* calls in order: {users: [...]}, {roles: [...]}, {channels: [...]} or {admin: true} each ([] for none)';
    if (!Array.isArray(value)) {
      this.report(at, shape);
      return undefined;
    }
    const out: DemandExpectation[] = [];
    value.forEach((entry, i) => {
      const here = `${at}/${i}`;
      if (!isObject(entry)) return this.report(here, shape);
      this.keys(entry, DEMAND_KEYS, here, 'a demand');
      const kinds = Object.keys(entry).filter((k) => DEMAND_KEYS.includes(k));
      if (kinds.length !== 1) return this.report(here, `a demand is one require* call: exactly one of users, roles, channels or admin, not ${kinds.length === 0 ? 'none' : kinds.join(' and ')}`);
      const kind = kinds[0]!;
      if (kind === 'admin') {
        if (entry['admin'] !== true) return this.report(`${here}/admin`, '{admin: true} is a requireAdmin() call');
        out.push({ admin: true });
        return;
      }
      const list = this.strings(entry[kind], `${here}/${kind}`, kind);
      if (list) out.push({ [kind]: list } as DemandExpectation);
    });
    return out.length === value.length ? out : undefined;
  }
}

/** The one name of `names` that starts with `prefix` (case-insensitive, 3 characters at least), if just one does. */
function onlyOneStartingWith(prefix: string, names: readonly string[]): string | undefined {
  if (prefix.length < 3) return undefined;
  const starting = names.filter((name) => name.toLowerCase().startsWith(prefix.toLowerCase()));
  return starting.length === 1 ? starting[0] : undefined;
}
