// Runs one test file: its config resolved as lint resolves it (target, env files, file and remote
// sources), the config's errors first (a config the target refuses runs no case), then every case as a
// real write through the deployed function, each compared with what it expects.
import * as path from 'node:path';
import { mayRead, OUTSIDE_REPOSITORY, scopeOfNamedFile } from '../read-scope.js';
import { analyzeFile, readTextFile } from '../files.js';
import { analyzeText } from '../lint.js';
import { stat } from '../fs-async.js';
import type { ResolvedFunction } from '../functions/types.js';
import { configTextOf, functionPlacer } from './function-places.js';
import type { FilePlace } from '../functions/place.js';
import type { CoverageCollector } from './coverage.js';
import { locateNearest, type LocatedDocument, type SourceText } from '../source/index.js';
import type { LintOptions } from '../lint.js';
import { parseRelease, RELEASES, type Release } from '../releases/index.js';
import { splitMessage } from '../messages.js';
import type { Diagnostic, RawDiagnostic } from '../types.js';
import { selectFunction } from '../sync/select.js';
import { placeOutcomes, runRequests, type CallRequest, type RunOutcome } from '../sync/run.js';
import type { SandboxPool } from '../sync/pool.js';
import { inputChanges, type SyncRequest } from '../sync/gateway.js';
import { INVALID_FILE, readTestFile, type ReadTestFile, type TestCase, type TestFile } from './file.js';
import { compare, type ActualResult, type Failure } from './expect.js';

export const CONFIG_UNUSABLE = 'sgtest/config-unusable';
const INTERNAL_ERROR = 'source/internal-error';

export type { ActualResult, Failure } from './expect.js';

export type CaseStatus = 'passed' | 'failed' | 'skipped' | 'todo';

export interface CaseResult {
  name: string;
  /** Where the case is written in its test file. */
  line: number;
  column: number;
  passed: boolean;
  status: CaseStatus;
  /** Why a case was skipped: its `skip` reason, another case's `only`, or --grep. */
  skipped?: string;
  actual: ActualResult | null;
  failures: Failure[];
  /** Why the case could not run (the config or the function), when it could not. */
  notRun?: string;
  /**
   * The other results the case gave under the other orders of its documents' keys it ran under (Go map
   * order, which the gateway draws at random; --key-orders), when they differ from `actual`: the case fails.
   */
  keyOrderVariants?: ActualResult[];
  /** What the gateway changes in the case's document before the function sees it. */
  notes?: string[];
  /** How long the case's calls took in the engine, in milliseconds (every order, and the admin run). */
  durationMs?: number;
}

export interface TestFileResult {
  file: string;
  target: Release;
  diagnostics: Diagnostic[];
  cases: CaseResult[];
  /** Wall-clock time the file took, in milliseconds. */
  durationMs?: number;
}

export interface TestRunOptions extends LintOptions {
  cwd: string;
  target: Release;
  /** Whether --target was given on the command line (it then wins over a test file's own target). */
  targetFromCommandLine: boolean;
  /** Counts what the cases run (--coverage). */
  coverage?: CoverageCollector;
  /** -t/--grep: only the cases whose name matches run; the others are skipped. */
  grep?: RegExp;
  /** --forbid-only: a case's `only: true` is an error (a focused suite must not pass CI). */
  forbidOnly?: boolean;
  /** --tz: the gateway host's time zone, over a test file's `timezone` (default UTC). */
  timeZone?: string;
  /** --key-orders: over a test file's `keyOrders` (default 1). */
  keyOrders?: number;
  /** --timeout: the CPU time of one run of a case in ms, over a test file's `timeout` (default: the pool's). */
  timeoutMs?: number;
  /** Told how many cases ran, as their outcomes arrive (a progress line per case, not per file). */
  onCasesRan?: (count: number) => void;
}

// The files each result was read from (the test file, its config or function file, the function files the
// config names), for `sgconf test --watch`; kept beside the result, which the JSON report prints whole.
const DEPENDENCIES = new WeakMap<TestFileResult, Set<string>>();

/** The absolute paths a test file's result depends on: a change to any of them can change it. */
export function dependenciesOf(result: TestFileResult): ReadonlySet<string> {
  return DEPENDENCIES.get(result) ?? new Set();
}

export async function runTestFile(file: string, given: TestRunOptions, pool: SandboxPool): Promise<TestFileResult> {
  // What the test file names is read from the test file's own repository.
  const options = { ...given, scope: scopeOfNamedFile(path.resolve(given.cwd, file), given.scope) };
  const result: TestFileResult = { file, target: options.target, diagnostics: [], cases: [] };
  const dependencies = new Set([path.resolve(options.cwd, file)]);
  DEPENDENCIES.set(result, dependencies);
  const text = await readTextFile(file, options.cwd, options.scope);
  if ('failure' in text) {
    // Read as configs are read; the finding is the test file's own.
    result.diagnostics.push(...text.failure.diagnostics.map((d) => ({ ...d, rule: INVALID_FILE, message: `cannot read the test file: ${d.message}` })));
    return result;
  }
  const read = await readTestFile(text.text, file);
  const place = placer(read.located);
  result.diagnostics.push(...testFileFindings(read));
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
  const resultOf = (c: TestCase, rest: Omit<CaseResult, 'name' | 'line' | 'column' | 'status'> & { status?: CaseStatus }): CaseResult => {
    let position: { line: number; column: number } | undefined;
    const { passed, status, ...others } = rest;
    return {
      name: c.name, get line() { return (position ??= read.casePosition(c.index)).line; }, get column() { return (position ??= read.casePosition(c.index)).column; },
      passed, status: status ?? (passed ? 'passed' : 'failed'), ...others,
    };
  };
  // What runs: not a todo, not skipped, the file's `only` cases when it has some, those --grep matches.
  const focused = testFile.cases.some((c) => c.only);
  const setAside = new Map<number, CaseResult>();
  for (const c of testFile.cases) {
    if (c.only && options.forbidOnly) {
      const pointer = `/cases/${c.index}/only`;
      result.diagnostics.push(place({ rule: INVALID_FILE, severity: 'error', pointer, writtenPointer: pointer, message: `case "${c.name}" has "only: true", which --forbid-only refuses: it would leave the file's other cases unrun` }));
    }
    if (c.todo) {
      setAside.set(c.index, resultOf(c, { passed: false, status: 'todo', actual: null, failures: [] }));
      continue;
    }
    const skipped = c.skip !== undefined ? (c.skip === true ? 'skip: true' : c.skip)
      : focused && !c.only ? 'another case of the file has only: true'
      : options.grep && !options.grep.test(c.name) ? 'not matched by --grep'
      : undefined;
    if (skipped !== undefined) setAside.set(c.index, resultOf(c, { passed: false, status: 'skipped', skipped, actual: null, failures: [] }));
  }
  const runnable = testFile.cases.filter((c) => !setAside.has(c.index));
  const inOrder = (ran: Map<number, CaseResult>): CaseResult[] => testFile.cases.map((c) => setAside.get(c.index) ?? ran.get(c.index)!);
  const notRun = (reason: string): CaseResult[] => inOrder(new Map(runnable.map((c) => [c.index, resultOf(c, { passed: false, actual: null, failures: [], notRun: reason })])));

  // The config (or the function file), read and judged as lint would for this target.
  const named = testFile.config ?? testFile.function!;
  const namedKey = testFile.config !== undefined ? '/config' : '/function';
  const configPath = path.relative(options.cwd, path.resolve(path.dirname(path.resolve(options.cwd, file)), named)) || named;
  const unusable = (problem: string, detail?: string): TestFileResult => {
    result.diagnostics.push(place({ rule: CONFIG_UNUSABLE, severity: 'error', pointer: namedKey, writtenPointer: namedKey, message: problem, ...(detail ? { detail } : {}) }));
    result.cases = notRun(problem);
    return result;
  };
  if (!mayRead(path.resolve(options.cwd, configPath), options.scope)) {
    return unusable(`the ${testFile.config !== undefined ? 'config' : 'function file'} ${configPath}: ${OUTSIDE_REPOSITORY}`, 'A test file in a pull request could name any file of the machine that runs sgconf (docs/security.md).');
  }
  if (testFile.function !== undefined && !(await stat(path.resolve(options.cwd, configPath)).then((info) => info.isFile(), () => false))) {
    return unusable(`the function file ${configPath} does not exist`);
  }
  dependencies.add(path.resolve(options.cwd, configPath));
  // Only the config's errors matter here (a config the target refuses runs no case): a quiet lint.
  const lintOptions = { ...options, target, quiet: true };
  const analyzed = testFile.function !== undefined
    ? await analyzeText(functionFileConfig(path.resolve(options.cwd, configPath), testFile.type ?? 'sync'), `${configPath} (as a config holds it)`, { ...lintOptions, kind: 'legacy' })
    : await analyzeFile(configPath, lintOptions);
  for (const fn of analyzed.functions) if (fn.origin === 'file' && fn.location) dependencies.add(path.resolve(options.cwd, fn.location));
  const errors = analyzed.result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    // sgconf failing to check the config (a bug in sgconf) is not the target refusing it.
    const failed = errors.find((d) => d.rule === INTERNAL_ERROR);
    const first = failed ?? errors[0]!;
    const what = `${testFile.config !== undefined ? 'config' : 'function file'} ${configPath}`;
    const problem = failed ? `sgconf could not check the ${what}` : `the ${what} has ${errors.length === 1 ? 'an error' : `${errors.length} errors`} that ${target} refuses`;
    const firstAt = `first at ${first.file ? path.relative(options.cwd, first.file) || first.file : configPath}:${first.line}:${first.column}: ${first.message}`;
    const reason = `${problem}, ${firstAt}`;
    result.diagnostics.push(place({ rule: CONFIG_UNUSABLE, severity: 'error', pointer: namedKey, writtenPointer: namedKey, message: problem, detail: `The ${firstAt}.` }));
    result.cases = notRun(reason);
    return result;
  }

  // Cases grouped by the function they run, in the file's order.
  const groups = new Map<string, TestCase[]>();
  for (const c of runnable) {
    const key = JSON.stringify([c.importFilter, c.database ?? testFile.database ?? null, c.collection ?? testFile.collection ?? null]);
    const group = groups.get(key);
    if (group) group.push(c);
    else groups.set(key, [c]);
  }
  const byIndex = new Map<number, CaseResult>();
  // Every group's requests go to the pool at once (its workers take them in turn), and their outcomes are
  // read in the file's order: a group's function compiles while the one before it is judged.
  const runs: { cases: TestCase[]; counted: ReturnType<typeof countedFunction>; placeFailed: (indices: readonly number[], outcomes: readonly RunOutcome[]) => Promise<Places[]>; ran: ReturnType<typeof runRequests> }[] = [];
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
    const requests: CallRequest[] = cases.map((c) => ((c.expect.authorization || c.expect.demands) && c.user ? { ...requestOf(c), allDemands: true } : requestOf(c)));
    const configFile = testFile.function === undefined ? path.resolve(options.cwd, configPath) : null;
    const counted = countedFunction(options.coverage, analyzed.functions, selection.choice.pointer, configFile);
    const placeInFile = functionPlacer(analyzed.functions, selection.choice.pointer, configFile, options.cwd);
    const timeMs = options.timeoutMs ?? testFile.timeout;
    const timeZone = options.timeZone ?? testFile.timezone;
    const choice = selection.choice;
    const placeFailed = async (indices: readonly number[], outcomes: readonly RunOutcome[]): Promise<Places[]> => {
      const placed = await placeOutcomes(pool, choice, target, 'write', indices.map((i) => requests[i]!), outcomes, counted?.instrumented, timeZone, timeMs);
      return placed.map((outcome) => (outcome.kind === 'refused' ? {} : {
        ...(outcome.thrownAt !== undefined ? { thrownAt: placeInFile(outcome.thrownAt) } : {}),
        ...(outcome.refusedAt !== undefined ? { refusedAt: placeInFile(outcome.refusedAt) } : {}),
      }));
    };
    const ran = runRequests(pool, selection.choice, target, 'write', requests, counted?.instrumented, timeZone, {
      keyOrders: options.keyOrders ?? testFile.keyOrders ?? 1, ...(timeMs !== undefined ? { timeMs } : {}), ...(options.onCasesRan ? { onRan: options.onCasesRan } : {}),
    });
    // Read in turn below; a failure meanwhile is not an unhandled one.
    ran.catch(() => undefined);
    runs.push({ cases, counted, placeFailed, ran });
  }
  for (const { cases, counted, placeFailed, ran: running } of runs) {
    const ran = await running;
    const failed: number[] = [];
    cases.forEach((c, i) => {
      if (!ran.ok) {
        byIndex.set(c.index, resultOf(c, { passed: false, actual: null, failures: [], notRun: `the function cannot be run: ${ran.message}` }));
        return;
      }
      const outcome = ran.outcomes[i]!;
      if (counted && outcome.kind !== 'refused' && outcome.coverage) options.coverage!.add(counted.key, outcome.coverage);
      const actual = actualOf(outcome);
      const variants = outcome.kind !== 'refused' && outcome.orderVariants ? outcome.orderVariants.map(actualOf) : [];
      const failures = outcome.kind === 'refused'
        ? refusalFailures(c, actual)
        : [...compare(c.expect, actual), ...variants.flatMap((variant) => compare(c.expect, variant).map((f) => ({ ...f, field: `${f.field} (${KEY_ORDER})` })))];
      const notes = c.importFilter ? [] : inputChanges(c.doc, 'write');
      const micros = ran.micros[i];
      const timed = micros !== undefined && outcome.kind !== 'refused' ? { durationMs: Math.round(micros / 100) / 10 } : {};
      // A case whose outcome depends on the order of its document's keys fails: the gateway draws the order.
      const passed = failures.length === 0 && variants.length === 0;
      if (!passed) failed.push(i);
      byIndex.set(c.index, resultOf(c, { passed, actual, failures, ...(variants.length > 0 ? { keyOrderVariants: variants } : {}), ...(notes.length > 0 ? { notes } : {}), ...timed }));
    });
    // A failed case is shown with where its function threw, or called what rejected the write.
    if (ran.ok && failed.length > 0) {
      const places = await placeFailed(failed, failed.map((i) => ran.outcomes[i]!));
      failed.forEach((i, k) => {
        const actual = byIndex.get(cases[i]!.index)?.actual;
        if (!actual) return;
        const { thrownAt, refusedAt } = places[k]!;
        if (thrownAt) actual.thrownAt = thrownAt;
        if (refusedAt) actual.refusedAt = refusedAt;
      });
    }
  }
  result.cases = inOrder(byIndex);
  return result;
}

/** Where a failed case's function threw, or called what rejected the write (null: its file cannot say). */
interface Places {
  thrownAt?: FilePlace | null;
  refusedAt?: FilePlace | null;
}

/**
 * A write the gateway refused before the function ran: one failure that says so, unless the case expects
 * that very refusal (then only its rejected and exception expectations are checked). Its other
 * expectations (channels, demands ...) would each fail on a function that never ran.
 */
function refusalFailures(c: TestCase, actual: ActualResult): Failure[] {
  if (c.expect.rejected !== undefined || c.expect.exception !== undefined) {
    return compare({ ...(c.expect.rejected !== undefined ? { rejected: c.expect.rejected } : {}), ...(c.expect.exception !== undefined ? { exception: c.expect.exception } : {}) }, actual);
  }
  const refusal = actual.rejected === false || actual.rejected === undefined ? null : actual.rejected;
  return [{ field: 'write', expected: 'the sync function to run', actual: `the gateway refused the write before the function ran: ${refusal?.status} ${refusal?.message}` }];
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
  const { answer, write, demands, calls } = outcome;
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
    demands: calls,
  };
}

/**
 * The function instrumented for coverage, when coverage is asked for and the config sets the function.
 * `configFile` (null for a function file, which locates itself) places a function written in the config.
 */
function countedFunction(coverage: CoverageCollector | undefined, functions: readonly ResolvedFunction[], pointer: string | undefined, configFile: string | null) {
  if (!coverage || pointer === undefined) return null;
  const fn = functions.find((f) => f.pointer === pointer);
  if (!fn) return null;
  return coverage.instrument(fn, configFile ?? fn.locate(0)?.file ?? '', configTextOf(configFile));
}

/**
 * The config a function file stands for: a database of a legacy config that names the file, as the
 * gateway reads a function from a file (its text as it is: no environment expansion), which is exactly
 * what `sgconf build` inlines (with every `$` doubled for the config's own expansion).
 */
function functionFileConfig(file: string, role: 'sync' | 'import_filter'): string {
  return JSON.stringify({ databases: { db: { server: 'couchbases://sgconf-test.invalid', bucket: 'db', enable_shared_bucket_access: true, ...(role === 'import_filter' ? { import_docs: true } : {}), [role]: file } } });
}

/**
 * A test file's own findings at their lines and columns, in the file's order as lint lists a config's (the
 * checker goes case by case, key by key): what `sgconf test`, `sgconf lint` and the editor show of it.
 */
export function testFileFindings(read: ReadTestFile): Diagnostic[] {
  return read.diagnostics.map(placer(read.located)).sort((a, b) => a.line - b.line || a.column - b.column);
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
