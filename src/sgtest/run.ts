// Runs one test file: its config resolved as lint resolves it (target, env files, file and remote
// sources), the config's errors first (a config the target refuses runs no case), then every case as a
// real write through the deployed function, each compared with what it expects.
import * as path from 'node:path';
import { mayRead, OUTSIDE_REPOSITORY } from '../read-scope.js';
import { analyzeFile, readTextFile } from '../files.js';
import { locateNearest, type LocatedDocument, type SourceText } from '../source/index.js';
import type { LintOptions } from '../lint.js';
import { parseRelease, RELEASES, type Release } from '../releases/index.js';
import { splitMessage } from '../messages.js';
import type { Diagnostic, RawDiagnostic } from '../types.js';
import { selectFunction } from '../sync/select.js';
import { runRequests, type CallRequest, type Demands, type RunOutcome } from '../sync/run.js';
import type { SandboxPool } from '../sync/pool.js';
import type { SyncRequest } from '../sync/gateway.js';
import { sortGoStrings } from '../sync/gateway.js';
import { INVALID_FILE, readTestFile, type Expectation, type TestCase, type TestFile } from './file.js';

export const CONFIG_UNUSABLE = 'sgtest/config-unusable';

/** What a case produced, in the words of the expectations. */
export interface ActualResult {
  channels?: string[] | null;
  access?: Record<string, string[]> | null;
  roles?: Record<string, string[]> | null;
  rejected?: false | { status: number; message: string };
  expiry?: number | null;
  exception?: string;
  logs?: string[];
  errors?: string[];
  authorization?: Demands;
  import?: boolean;
}

export interface Failure {
  field: string;
  expected: unknown;
  actual: unknown;
}

export interface CaseResult {
  name: string;
  line: number;
  passed: boolean;
  actual: ActualResult | null;
  failures: Failure[];
  /** Why the case could not run (the config or the function), when it could not. */
  notRun?: string;
  /**
   * The other results the case gave under other orders of the document's keys (Go map order, which the
   * gateway draws at random), when they differ from `actual`. The case passes only if every one does.
   */
  keyOrderVariants?: ActualResult[];
}

export interface TestFileResult {
  file: string;
  target: Release;
  diagnostics: Diagnostic[];
  cases: CaseResult[];
}

export interface TestRunOptions extends LintOptions {
  cwd: string;
  target: Release;
  /** Whether --target was given on the command line (it then wins over a test file's own target). */
  targetFromCommandLine: boolean;
}

export async function runTestFile(file: string, options: TestRunOptions, pool: SandboxPool): Promise<TestFileResult> {
  const result: TestFileResult = { file, target: options.target, diagnostics: [], cases: [] };
  const text = await readTextFile(file, options.cwd);
  if ('failure' in text) {
    // Read as configs are read; the finding is the test file's own.
    result.diagnostics.push(...text.failure.diagnostics.map((d) => ({ ...d, rule: INVALID_FILE, message: `cannot read the test file: ${d.message}` })));
    return result;
  }
  const read = await readTestFile(text.text, file);
  const place = placer(read.located);
  result.diagnostics.push(...read.diagnostics.map(place));
  const testFile = read.file;
  if (!testFile) return result;

  let target = options.target;
  if (testFile.target !== undefined && !options.targetFromCommandLine) {
    const release = parseRelease(testFile.target);
    if (!release) {
      result.diagnostics.push(place({ rule: INVALID_FILE, severity: 'error', pointer: '/target', writtenPointer: '/target', message: `unknown target "${testFile.target}": sgconf knows ${RELEASES.join(', ')}` }));
      return result;
    }
    target = release;
  }
  result.target = target;
  // A case's line is found when a report first reads it: a passing case in stylish never needs one.
  const resultOf = (c: TestCase, rest: Omit<CaseResult, 'name' | 'line'>): CaseResult => {
    let line: number | undefined;
    return { name: c.name, get line() { return (line ??= read.caseLine(c.index)); }, ...rest };
  };
  const notRun = (reason: string): CaseResult[] => testFile.cases.map((c) => resultOf(c, { passed: false, actual: null, failures: [], notRun: reason }));

  // The config, read and judged as lint would for this target.
  const configPath = path.relative(options.cwd, path.resolve(path.dirname(path.resolve(options.cwd, file)), testFile.config)) || testFile.config;
  if (!mayRead(path.resolve(options.cwd, configPath), options.scope)) {
    const problem = `the config ${configPath}: ${OUTSIDE_REPOSITORY}`;
    result.diagnostics.push(place({ rule: CONFIG_UNUSABLE, severity: 'error', pointer: '/config', writtenPointer: '/config', message: problem, detail: 'A test file in a pull request could name any file of the machine that runs sgconf (docs/security.md).' }));
    result.cases = notRun(problem);
    return result;
  }
  const analyzed = await analyzeFile(configPath, { ...options, target });
  const errors = analyzed.result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    const first = errors[0]!;
    const problem = `the config ${configPath} has ${errors.length === 1 ? 'an error' : `${errors.length} errors`} that ${target} refuses`;
    const firstAt = `first at ${first.file ?? configPath}:${first.line}:${first.column}: ${first.message}`;
    const reason = `${problem}, ${firstAt}`;
    result.diagnostics.push(place({ rule: CONFIG_UNUSABLE, severity: 'error', pointer: '/config', writtenPointer: '/config', message: problem, detail: `The ${firstAt}.` }));
    result.cases = notRun(reason);
    return result;
  }

  // Cases grouped by the function they run, in the file's order.
  const groups = new Map<string, TestCase[]>();
  for (const c of testFile.cases) {
    const key = JSON.stringify([c.importFilter, c.database ?? testFile.database ?? null, c.collection ?? testFile.collection ?? null]);
    const group = groups.get(key);
    if (group) group.push(c);
    else groups.set(key, [c]);
  }
  const byIndex = new Map<number, CaseResult>();
  for (const cases of groups.values()) {
    const first = cases[0]!;
    const selection = selectFunction(analyzed, {
      role: first.importFilter ? 'import_filter' : 'sync',
      database: first.database ?? testFile.database,
      collection: first.collection ?? testFile.collection,
    });
    if (!selection.ok) {
      const pointer = first.database !== undefined ? `/cases/${first.index}/database` : first.collection !== undefined ? `/cases/${first.index}/collection` : testFile.database !== undefined ? '/database' : testFile.collection !== undefined ? '/collection' : '/config';
      result.diagnostics.push(place({ rule: CONFIG_UNUSABLE, severity: 'error', pointer, writtenPointer: pointer, message: `${configPath}: ${selection.problem}` }));
      for (const c of cases) byIndex.set(c.index, resultOf(c, { passed: false, actual: null, failures: [], notRun: selection.problem }));
      continue;
    }
    // A case that states who may write needs every demand, even those after a require* that refused the writer.
    const requests: CallRequest[] = cases.map((c) => (c.expect.authorization && c.user ? { ...requestOf(c), allDemands: true } : requestOf(c)));
    const ran = await runRequests(pool, selection.choice, target, 'write', requests);
    cases.forEach((c, i) => {
      if (!ran.ok) {
        byIndex.set(c.index, resultOf(c, { passed: false, actual: null, failures: [], notRun: `the function cannot be run: ${ran.message}` }));
        return;
      }
      const outcome = ran.outcomes[i]!;
      const actual = actualOf(outcome);
      const variants = outcome.kind !== 'refused' && outcome.orderVariants ? outcome.orderVariants.map(actualOf) : [];
      const failures = [...compare(c.expect, actual), ...variants.flatMap((variant) => compare(c.expect, variant).map((f) => ({ ...f, field: `${f.field} (${KEY_ORDER})` })))];
      byIndex.set(c.index, resultOf(c, { passed: failures.length === 0, actual, failures, ...(variants.length > 0 ? { keyOrderVariants: variants } : {}) }));
    });
  }
  result.cases = testFile.cases.map((c) => byIndex.get(c.index)!);
  return result;
}

/** How a failure under another order of the document's keys is named. */
export const KEY_ORDER = 'under another order of the document\'s keys';

function requestOf(c: TestCase): SyncRequest {
  return {
    doc: c.doc,
    ...(c.oldDoc !== undefined ? { oldDoc: c.oldDoc } : {}),
    ...(c.user ? { user: c.user } : {}),
    ...(c.xattrs !== undefined ? { xattrs: c.xattrs } : {}),
  };
}

function actualOf(outcome: RunOutcome): ActualResult {
  if (outcome.kind === 'refused') return { rejected: { status: outcome.refusal.status, message: outcome.refusal.message }, exception: `${outcome.refusal.status} ${outcome.refusal.message}` };
  if (outcome.kind === 'import') {
    return { import: outcome.answer.shouldImport, exception: outcome.answer.exception, logs: outcome.answer.logging.info, errors: outcome.answer.logging.errors };
  }
  const { answer, write, demands } = outcome;
  return {
    channels: answer.channels,
    access: answer.access,
    roles: answer.roles,
    rejected: write.rejected ? { status: write.rejected.status, message: write.rejected.message } : false,
    expiry: answer.expiry ?? null,
    exception: answer.exception ?? '',
    logs: answer.logging.info,
    errors: answer.logging.errors,
    authorization: demands,
  };
}

/** Every expectation the case states, against what happened. */
export function compare(expect: Expectation, actual: ActualResult): Failure[] {
  const failures: Failure[] = [];
  const fail = (field: string, expected: unknown, got: unknown) => failures.push({ field, expected, actual: got });
  if (expect.channels !== undefined && !sameSet(expect.channels, actual.channels)) fail('channels', sorted(expect.channels), actual.channels ?? null);
  if (expect.access !== undefined && !sameMap(expect.access, actual.access)) fail('access', expect.access, actual.access ?? null);
  if (expect.roles !== undefined && !sameMap(expect.roles, actual.roles)) fail('roles', expect.roles, actual.roles ?? null);
  if (expect.rejected !== undefined) {
    const got = actual.rejected ?? false;
    const ok = expect.rejected === false
      ? got === false
      : got !== false && got.status === expect.rejected.status && (expect.rejected.message === undefined || got.message === expect.rejected.message);
    if (!ok) fail('rejected', expect.rejected, got);
  }
  if (expect.expiry !== undefined && (actual.expiry ?? null) !== expect.expiry) fail('expiry', expect.expiry, actual.expiry ?? null);
  if (expect.exception !== undefined && !(actual.exception ?? '').includes(expect.exception)) fail('exception', expect.exception, actual.exception ?? '');
  if (expect.logs !== undefined) {
    const logs = actual.logs ?? [];
    const missing = expect.logs.filter((wanted) => !logs.some((line) => line.includes(wanted)));
    if (missing.length > 0) fail('logs', expect.logs, logs);
  }
  if (expect.authorization !== undefined) {
    const got = actual.authorization ?? { users: [], roles: [], channels: [], admin: false };
    const want = expect.authorization;
    const ok = (['users', 'roles', 'channels'] as const).every((key) => want[key] === undefined || sameSet(want[key]!, got[key]))
      && (want.admin === undefined || want.admin === got.admin);
    if (!ok) fail('authorization', want, got);
  }
  if (expect.import !== undefined && actual.import !== expect.import) fail('import', expect.import, actual.import ?? null);
  return failures;
}

function sorted(list: readonly string[]): string[] {
  return sortGoStrings([...new Set(list)]);
}

function sameSet(a: readonly string[], b: readonly string[] | null | undefined): boolean {
  if (!b) return false;
  const x = sorted(a), y = sorted(b);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

function sameMap(a: Record<string, string[]>, b: Record<string, string[]> | null | undefined): boolean {
  if (!b) return false;
  const keys = Object.keys(a).sort(), other = Object.keys(b).sort();
  return keys.length === other.length && keys.every((k, i) => k === other[i] && sameSet(a[k]!, b[k]));
}

/** Turns a finding in a test file into one with a line and column (locating the file only now). */
export function placer(located: () => { source: SourceText | null; document: LocatedDocument | null }): (d: RawDiagnostic) => Diagnostic {
  return (d) => {
    const { source, document } = located();
    const span = d.span ?? locateNearest(document, d.writtenPointer ?? d.pointer, d.target ?? 'value');
    const start = source ? source.lines.position(span.start) : { line: 1, column: 1 };
    const end = source ? source.lines.position(span.end) : start;
    const words = d.detail ? { message: d.message, detail: d.detail } : splitMessage(d.message);
    return { rule: d.rule, severity: d.severity, ...words, pointer: d.pointer, line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
  };
}

export type { TestFile };
