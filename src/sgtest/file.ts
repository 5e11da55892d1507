// A test file (*.sgtest.json|yaml|yml): the config it tests and its cases, checked field by field so that
// every mistake is a diagnostic at its place (rule sgtest/invalid-file), never a crash or a silent skip.
import { ensureYamlSupport, formatFromPath, parseSource } from '../source/index.js';
import { LineIndex } from '../source/offset-map.js';
import { nestsTooDeep } from '../source/json.js';
import { closestMatch } from '../schema/suggest.js';
import { isObject, type JsonObject, type JsonValue, type RawDiagnostic } from '../types.js';
import type { LocatedDocument, SourceText } from '../source/index.js';
import type { WriterContext } from '../sync/gateway.js';

export interface Expectation {
  channels?: string[];
  access?: Record<string, string[]>;
  roles?: Record<string, string[]>;
  /** false: accepted; a status; or a status with its message. */
  rejected?: false | { status: number; message?: string };
  expiry?: number | null;
  exception?: string;
  logs?: string[];
  authorization?: { users?: string[]; roles?: string[]; channels?: string[]; admin?: boolean };
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
}

export interface TestFile {
  config: string;
  database?: string;
  collection?: string;
  target?: string;
  cases: TestCase[];
}

export interface ReadTestFile {
  file: TestFile | null;
  diagnostics: RawDiagnostic[];
  /** The file located for positions; parsed only when a position is needed (a finding, a failed case). */
  located(): { source: SourceText | null; document: LocatedDocument | null };
  /** The line of case `index`. */
  caseLine(index: number): number;
}

const FILE_KEYS = ['config', 'database', 'collection', 'target', 'cases'];
const CASE_KEYS = ['name', 'doc', 'oldDoc', 'userCtx', 'xattrs', 'importFilter', 'database', 'collection', 'expect'];
const EXPECT_KEYS = ['channels', 'access', 'roles', 'rejected', 'expiry', 'exception', 'logs', 'authorization', 'import'];
const USER_KEYS = ['name', 'roles', 'channels'];
const AUTHORIZATION_KEYS = ['users', 'roles', 'channels', 'admin'];
const SYNC_ONLY = ['channels', 'access', 'roles', 'rejected', 'expiry', 'authorization'];

export const INVALID_FILE = 'sgtest/invalid-file';

/** Reads a test file's text; `file` is null when it cannot be used at all (diagnostics say why). */
export async function readTestFile(text: string, path: string): Promise<ReadTestFile> {
  const format = formatFromPath(path);
  // A clean JSON file (the common large case) is read with JSON.parse and one scan for where its cases
  // start: the located parser, ten times slower, runs only if a finding needs a position.
  // Nesting past the limit goes to the located parser, which reports it (source/too-deep) as lint does.
  if (format === 'json' && text.charCodeAt(0) !== 0xfeff && !nestsTooDeep(text)) {
    let value: JsonValue | undefined;
    try {
      value = JSON.parse(text) as JsonValue;
    } catch {
      value = undefined;
    }
    if (value !== undefined) {
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
          caseLine: (index) => {
            const starts = offsets();
            if (starts && starts.length === file.cases.length) return (lines ??= new LineIndex(text)).position(starts[index] ?? 0).line;
            return locatedCaseLine(located(), index);
          },
        };
      }
    }
  }
  if (format === 'yaml') await ensureYamlSupport();
  const { source, document, diagnostics: readProblems } = locate(text, path, format);
  const diagnostics = readProblems.map((d) => ({ ...d, rule: d.severity === 'error' ? INVALID_FILE : d.rule }));
  const located = () => ({ source, document });
  const caseLine = (index: number) => locatedCaseLine({ source, document }, index);
  if (!document) return { file: null, diagnostics, located, caseLine };
  const problems = new TestFileChecker();
  const file = problems.file(document.value);
  diagnostics.push(...problems.found);
  return { file: problems.found.length > 0 ? null : file, diagnostics, located, caseLine };
}

/** The line where case `index` starts, from the located file. */
function locatedCaseLine({ source, document }: { source: SourceText | null; document: LocatedDocument | null }, index: number): number {
  const span = document?.locate(`/cases/${index}`, 'value');
  return span && source ? source.lines.position(span.start).line : 1;
}

function locate(text: string, path: string, format: 'json' | 'yaml') {
  // Test files are plain JSON or YAML: no environment expansion.
  const parsed = parseSource(text, path, { env: null, format });
  return { source: parsed.source, document: parsed.document, diagnostics: parsed.diagnostics };
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

  private report(pointer: string, message: string, target: 'key' | 'value' = 'value'): void {
    this.found.push({ rule: INVALID_FILE, severity: 'error', pointer, writtenPointer: pointer, message, target });
  }

  private keys(value: JsonObject, allowed: readonly string[], at: string, what: string): void {
    for (const key of Object.keys(value)) {
      if (allowed.includes(key)) continue;
      const near = closestMatch(key, allowed);
      this.report(`${at}/${escape(key)}`, `unknown key "${key}" in ${what}${near ? `; did you mean "${near}"?` : ''}`, 'key');
    }
  }

  file(value: JsonValue): TestFile | null {
    if (!isObject(value)) {
      this.report('', 'a test file is an object with "config" and "cases"');
      return null;
    }
    this.keys(value, FILE_KEYS, '', 'the test file');
    const config = this.string(value, 'config', '', true);
    const database = this.string(value, 'database', '', false);
    const collection = this.string(value, 'collection', '', false);
    const target = this.string(value, 'target', '', false);
    const cases = value['cases'];
    if (!Array.isArray(cases)) {
      this.report(cases === undefined ? '' : '/cases', cases === undefined ? 'the test file has no "cases"' : '"cases" is a list of cases');
      return null;
    }
    if (cases.length === 0) this.report('/cases', '"cases" is empty: a test file without cases tests nothing');
    const parsedCases = cases.map((c, index) => this.testCase(c, index)).filter((c): c is TestCase => c !== null);
    if (config === undefined) return null;
    return { config, cases: parsedCases, ...(database !== undefined ? { database } : {}), ...(collection !== undefined ? { collection } : {}), ...(target !== undefined ? { target } : {}) };
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
      const strings = this.strings(list, `${at}/${escape(name)}`, `${key}.${name}`);
      if (strings) Object.defineProperty(out, name, { value: strings, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }

  private testCase(value: JsonValue, index: number): TestCase | null {
    const at = `/cases/${index}`;
    if (!isObject(value)) {
      this.report(at, 'a case is an object with "name", "doc" and "expect"');
      return null;
    }
    this.keys(value, CASE_KEYS, at, `case ${index + 1}`);
    const name = this.string(value, 'name', at, true) ?? `case ${index + 1}`;
    const importFilter = value['importFilter'];
    if (importFilter !== undefined && typeof importFilter !== 'boolean') this.report(`${at}/importFilter`, '"importFilter" is true or false');
    const isImport = importFilter === true;
    const doc = value['doc'];
    if (!isObject(doc)) this.report(doc === undefined ? at : `${at}/doc`, doc === undefined ? `case "${name}" has no "doc"` : '"doc" is the document body, an object');
    const oldDoc = value['oldDoc'];
    if (oldDoc !== undefined && oldDoc !== null && !isObject(oldDoc)) this.report(`${at}/oldDoc`, '"oldDoc" is the current revision\'s body (an object) or null');
    if (isImport && oldDoc !== undefined) this.report(`${at}/oldDoc`, 'an import filter sees only the document: "oldDoc" does not apply');
    const user = this.user(value['userCtx'], `${at}/userCtx`);
    const xattrs = value['xattrs'];
    if (xattrs !== undefined && !isObject(xattrs)) this.report(`${at}/xattrs`, '"xattrs" is meta.xattrs: an object keyed by the database\'s user_xattr_key');
    const database = this.string(value, 'database', at, false);
    const collection = this.string(value, 'collection', at, false);
    const expectation = this.expectation(value['expect'], `${at}/expect`, isImport, name);
    if (!isObject(doc) || !expectation) return null;
    return {
      index, name, importFilter: isImport, doc, expect: expectation,
      ...(oldDoc !== undefined && (oldDoc === null || isObject(oldDoc)) ? { oldDoc } : {}),
      ...(user !== undefined ? { user } : {}),
      ...(isObject(xattrs) ? { xattrs } : {}),
      ...(database !== undefined ? { database } : {}),
      ...(collection !== undefined ? { collection } : {}),
    };
  }

  private user(value: JsonValue | undefined, at: string): WriterContext | null | undefined {
    if (value === undefined || value === null) return value;
    if (!isObject(value)) {
      this.report(at, '"userCtx" is the writing user, {name, roles, channels}, or null for an admin write');
      return undefined;
    }
    this.keys(value, USER_KEYS, at, 'userCtx');
    const name = this.string(value, 'name', at, true);
    const roles = this.strings(value['roles'], `${at}/roles`, 'roles') ?? [];
    const channels = this.strings(value['channels'], `${at}/channels`, 'channels') ?? [];
    return name === undefined ? undefined : { name, roles, channels };
  }

  private expectation(value: JsonValue | undefined, at: string, isImport: boolean, name: string): Expectation | null {
    if (!isObject(value)) {
      this.report(value === undefined ? at.slice(0, at.lastIndexOf('/')) : at, value === undefined ? `case "${name}" has no "expect": say what must come out` : '"expect" is an object');
      return null;
    }
    this.keys(value, EXPECT_KEYS, at, '"expect"');
    for (const key of Object.keys(value)) {
      if (isImport && SYNC_ONLY.includes(key)) this.report(`${at}/${key}`, `"${key}" is a sync function result; an import filter case expects "import"`, 'key');
      if (!isImport && key === 'import') this.report(`${at}/import`, '"import" is an import filter result: set "importFilter: true" on the case', 'key');
    }
    const out: Expectation = {};
    const channels = this.strings(value['channels'], `${at}/channels`, 'channels');
    if (channels) out.channels = channels;
    const access = this.stringMap(value['access'], `${at}/access`, 'access');
    if (access) out.access = access;
    const roles = this.stringMap(value['roles'], `${at}/roles`, 'roles');
    if (roles) out.roles = roles;
    const rejected = value['rejected'];
    if (rejected !== undefined) {
      if (rejected === false) out.rejected = false;
      else if (typeof rejected === 'number' && Number.isInteger(rejected)) out.rejected = { status: rejected };
      else if (isObject(rejected) && typeof rejected['status'] === 'number' && (rejected['message'] === undefined || typeof rejected['message'] === 'string')) {
        out.rejected = { status: rejected['status'], ...(typeof rejected['message'] === 'string' ? { message: rejected['message'] } : {}) };
      } else this.report(`${at}/rejected`, '"rejected" is false, a status such as 403, or {status: 403, message: "..."}');
    }
    const expiry = value['expiry'];
    if (expiry !== undefined) {
      if (expiry === null || (typeof expiry === 'number' && Number.isInteger(expiry) && expiry >= 0)) out.expiry = expiry;
      else this.report(`${at}/expiry`, '"expiry" is the expiry in seconds the function sets, or null for none');
    }
    const exception = value['exception'];
    if (exception !== undefined) {
      if (typeof exception === 'string') out.exception = exception;
      else this.report(`${at}/exception`, '"exception" is a part of the exception text');
    }
    const logs = this.strings(value['logs'], `${at}/logs`, 'logs');
    if (logs) out.logs = logs;
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
        out.authorization = a;
      }
    }
    const imported = value['import'];
    if (imported !== undefined) {
      if (typeof imported === 'boolean') out.import = imported;
      else this.report(`${at}/import`, '"import" is true or false');
    }
    if (Object.keys(value).length === 0) this.report(at, '"expect" is empty: the case would pass whatever the function does');
    return out;
  }
}

function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
