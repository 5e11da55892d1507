// sgconf test [<path>...]: runs sync function and import filter test files (*.sgtest.json|yaml|yml).
import * as path from 'node:path';
import { statSync } from 'node:fs';
import { writeOutputFile, writeRefusal } from '../../write-scope.js';
import { CoverageCollector, share } from '../../sgtest/coverage.js';
import { UsageError, type CliHost, type CliIO } from '../io.js';
import { COLOR_OPTIONS, parseCommandArgs, timeZoneOption, useColor, wholeNumberOption, type ParsedCommandArgs } from '../args.js';
import { DEPLOYMENT_OPTIONS, toolSettings, trustOptionsHelp } from '../tool-options.js';
import { findConfigFiles, selectionMatchers, TEST_FILE } from '../../files.js';
import { SandboxPool } from '../../sync/pool.js';
import { engineDescription } from '../../sync/engine.js';
import { runTestFile, type TestFileResult } from '../../sgtest/run.js';
import { MAX_KEY_ORDERS, MAX_TIMEOUT_MS } from '../../sgtest/file.js';
import { formatTestReport, stylishFile, stylishSummary, summarizeTests, testRunPassed, TEST_REPORT_FORMATS, type TestReportFormat } from '../../sgtest/report.js';
import { monotonicMs } from '../../clock.js';

export const TEST_USAGE = `Usage: sgconf test [<path>...] [options]

Runs sync function and import filter test files (*.sgtest.json, *.sgtest.yaml, *.sgtest.yml; a folder
is searched, default the current folder). Each case is a real write through the function the config
deploys, run offline as the target release runs it, and compared with what the case expects.

Options:
  --format stylish|json|junit|github   report format (default stylish)
  --pass-with-no-tests                 exit 0 when no test file is found (for hooks that run on any change)
  --target VERSION                     the Sync Gateway release (default: the test file's target, else 4.1)
  --env-file FILE                      dotenv file of the deployment's variables (repeatable)
  --host                               this machine is the gateway host: absolute paths must exist here
${trustOptionsHelp(39)}
  --no-env                             do not expand environment variables
  --no-remote                          never fetch http(s):// function sources
  --watch                              run again the test files a change touches (a test file, its config,
                                       a function file) until interrupted
  --coverage                           report the statements and branches of each function the cases ran,
                                       and write coverage/lcov.info
  --coverage-dir DIR                   where lcov.info goes (default coverage)
  --coverage-threshold N               exit 1 when under N% of the branches ran
  -t, --grep PATTERN                   run only the cases whose name matches (a regular expression)
  --forbid-only                        a case's "only: true" is an error (for CI)
  --bail [N]                           stop after N failed cases (default 1)
  -o, --output-file FILE               write the report to FILE instead of standard output
  --reporter default|verbose           stylish: failed cases only (default), or every case with its time
  --debug                              stylish: under the report, the engine and the cases each worker ran
  --key-orders N                      run each case under N orders of its documents' keys (default 1, or
                                       the test file's keyOrders) and fail a case whose outcome depends
                                       on the order, with each variant; the orders are the case's own
  --timeout MS                         the CPU time one run of one case may use (default 1000, or the
                                       test file's timeout); each order and the admin run apart
  --tz ZONE                            the gateway host's time zone, the functions' local time (an IANA
                                       name; default: the test file's timezone, else UTC)
  --color, --no-color                  colours on or off (default: on a terminal, unless NO_COLOR;
                                       FORCE_COLOR forces them)
  --config FILE                        use this sgconf tool config instead of searching for one
  -h, --help                           show this help

Exit status: 0 every case passed, 1 a case failed or a test file is broken, 2 misuse.`;

/** The options of `sgconf test`; their parsed values are typed from this. */
const TEST_OPTIONS = {
  format: { type: 'string', default: 'stylish' },
  'pass-with-no-tests': { type: 'boolean', default: false },
  'no-remote': { type: 'boolean', default: false },
  'no-env': { type: 'boolean', default: false },
  coverage: { type: 'boolean', default: false },
  watch: { type: 'boolean', default: false },
  'coverage-dir': { type: 'string' },
  'coverage-threshold': { type: 'string' },
  config: { type: 'string' },
  grep: { type: 'string', short: 't' },
  'forbid-only': { type: 'boolean', default: false },
  bail: { type: 'string' },
  tz: { type: 'string' },
  'key-orders': { type: 'string' },
  timeout: { type: 'string' },
  'output-file': { type: 'string', short: 'o' },
  reporter: { type: 'string', default: 'default' },
  debug: { type: 'boolean', default: false },
  ...COLOR_OPTIONS,
  ...DEPLOYMENT_OPTIONS,
} as const;

export async function run(args: string[], io: CliIO, host?: CliHost): Promise<number> {
  const parsed = parseCommandArgs(bailWithoutCount(args), TEST_OPTIONS, TEST_USAGE, io);
  if (!parsed) return 0;
  const { values, positionals } = parsed;
  const format = values.format as TestReportFormat;
  if (!TEST_REPORT_FORMATS.includes(format)) throw new UsageError(`unknown format "${values.format}" (stylish, json, junit or github)`);
  if (values.reporter !== 'default' && values.reporter !== 'verbose') throw new UsageError(`unknown reporter "${values.reporter}" (default, or verbose: every case with its time)`);
  const outputFile = values['output-file'];
  // Where the report and the coverage go, judged before any case runs (written at the end).
  if (outputFile !== undefined) {
    const refusal = outputFile === '' ? 'it needs a file name' : writeRefusal(outputFile, io.cwd);
    if (refusal) throw new UsageError(`cannot write the report: ${refusal}`);
  }
  const coverageDir = values['coverage-dir'] ?? 'coverage';
  if (values.coverage || values['coverage-threshold'] !== undefined || values['coverage-dir'] !== undefined) {
    const refusal = writeRefusal(coverageDir, io.cwd, true) ?? writeRefusal(path.join(coverageDir, 'lcov.info'), io.cwd);
    if (refusal) throw new UsageError(`--coverage-dir ${coverageDir}: ${refusal}`);
  }

  // -o: the report goes to the file, not standard output (and no progress line is drawn); a suite that
  // runs again in an optimising Node (host.runOptimised) writes the file there, with the same options.
  let report = '';
  let delegated = false;
  const reportIo: CliIO = outputFile === undefined ? io : { ...io, stdout: (text) => { report += text; }, isTTY: false };
  const reportHost = host && { ...host, runOptimised: () => { delegated = true; return host.runOptimised(); } };
  const pool = new SandboxPool();
  let code: number;
  try {
    code = await runTests(values, positionals, format, reportIo, pool, reportHost);
  } finally {
    await pool.close();
  }
  if (outputFile !== undefined && !delegated) {
    const problem = writeOutputFile(outputFile, io.cwd, report);
    if (problem) throw new UsageError(`cannot write the report: ${problem}`);
  }
  return code;
}

type TestOptionValues = NonNullable<ParsedCommandArgs<typeof TEST_OPTIONS>>['values'];

async function runTests(values: TestOptionValues, positionals: string[], format: TestReportFormat, io: CliIO, pool: SandboxPool, host?: CliHost): Promise<number> {
  // Each test file is run with the settings of the nearest tool config above it, as lint judges files.
  const settings = await toolSettings(io, values);
  const runOptions = settings.run.options;
  const { ignoredBy } = selectionMatchers(async (file) => (await settings.settingsFor(file)).selection, io.cwd);
  const paths = positionals.length > 0 ? positionals : ['.'];
  // A named test file the tool config ignores is left out, as a folder search leaves it out.
  const targets = (await findConfigFiles(paths, io.cwd, async (file) => (await ignoredBy(file)) !== undefined, (relative) => TEST_FILE.test(relative), runOptions.scope)).filter((t) => !t.ignored);
  const missing = targets.filter((t) => t.error);
  if (missing.length > 0) throw new UsageError(`${missing[0]!.file}: ${missing[0]!.error}`);
  if (targets.length === 0 && values['pass-with-no-tests']) {
    const empty = summarizeTests(runOptions.target, []);
    io.stdout(format === 'json' || format === 'junit' ? formatTestReport(empty, format, io.cwd) : 'no test files found\n');
    return 0;
  }
  if (targets.length === 0) throw new UsageError(`no test files found in ${paths.join(', ')} (test files are named *.sgtest.json, *.sgtest.yaml or *.sgtest.yml)`);
  const threshold = coverageThreshold(values['coverage-threshold']);
  const grep = grepOption(values.grep);
  timeZoneOption(values.tz);
  const bail = bailOption(values.bail);
  const keyOrders = wholeNumberOption('--key-orders', values['key-orders'], MAX_KEY_ORDERS, 'orders');
  const timeoutMs = wholeNumberOption('--timeout', values.timeout, MAX_TIMEOUT_MS, 'milliseconds of CPU time');
  const suiteBytes = targets.reduce((bytes, t) => bytes + fileSize(path.resolve(io.cwd, t.file)), 0);
  // A suite of many cases runs in a Node whose V8 optimises the engine as it runs (the executable starts
  // it: src/launch.cts OPTIMISING_FLAGS): the same outcomes, about twice as fast a call once warm.
  if (host && !values.watch && suiteBytes > OPTIMISING_SUITE_BYTES) {
    await pool.close();
    return host.runOptimised();
  }
  // A large suite starts every worker now, while its files are read, and a middling one the first; a small
  // one runs here, no worker started unless a case needs one (src/sync/pool.ts runHereFirst).
  if (suiteBytes > LARGE_SUITE_BYTES) pool.startAll();
  else if (suiteBytes > SMALL_SUITE_BYTES) pool.start();
  else pool.runHereFirst();
  const coverage = values.coverage || threshold !== null || values['coverage-dir'] !== undefined ? new CoverageCollector() : undefined;
  const optionsFor = async (file: string) => ({
    ...(await settings.settingsFor(file)).options, cwd: io.cwd, targetFromCommandLine: values.target !== undefined, forbidOnly: values['forbid-only'] === true,
    ...(coverage ? { coverage } : {}), ...(grep ? { grep } : {}), ...(values.tz !== undefined ? { timeZone: values.tz } : {}),
    ...(keyOrders !== null ? { keyOrders } : {}), ...(timeoutMs !== null ? { timeoutMs } : {}),
  });
  const color = useColor(io, values);
  // Stylish output streams: each file's block when the file is done, and on a terminal a progress line.
  const streaming = format === 'stylish' && !values.watch;
  const progress = streaming && io.isTTY;
  const results: TestFileResult[] = [];
  let failed = 0;
  let bailed: number | undefined;
  // Cases run so far, counted as they run (a file of 2,000 cases shows its count as it goes).
  let ran = 0;
  const runStarted = monotonicMs();
  const drawProgress = () => {
    const rate = ran / Math.max(0.001, (monotonicMs() - runStarted) / 1000);
    io.stdout(`\r\u001b[K${results.length}/${targets.length} files, ${ran} cases, ${Math.round(rate)} cases/s`);
  };
  // Files run side by side: while the workers run the cases of one, the next ones are read and their
  // configs judged here, and in a suite that wants both workers each takes files (src/sync/pool.ts). They
  // are reported in the suite's order, each when it and those before it are done.
  const started: Promise<{ result: TestFileResult; answered: number }>[] = [];
  const start = (index: number) => {
    const target = targets[index]!;
    started[index] = (async () => {
      const fileStarted = monotonicMs();
      let answered = 0;
      // Told as the cases run (the pool looks at each worker every 50 ms, src/sync/pool.ts): a redraw each.
      const onCasesRan = progress ? (count: number) => {
        answered += count;
        ran += count;
        drawProgress();
      } : undefined;
      const result = await runTestFile(target.file, { ...(await optionsFor(target.file)), ...(onCasesRan ? { onCasesRan } : {}) }, pool);
      result.durationMs = Math.round(monotonicMs() - fileStarted);
      return { result, answered };
    })();
    // A file that fails while an earlier one is awaited is not an unhandled rejection: its await rethrows it.
    started[index].catch(() => undefined);
  };
  // With --bail, one at a time: no case of a file after the one that stops the suite runs (its coverage neither).
  const inFlight = bail !== null ? 1 : FILES_IN_FLIGHT;
  for (let index = 0; index < Math.min(inFlight, targets.length); index++) start(index);
  for (let index = 0; index < targets.length; index++) {
    // The result object itself: the watch mode knows each file's dependencies by it.
    const { result, answered } = await started[index]!;
    results.push(result);
    // The cases that never reached a worker (skipped, todo, not run) count as done too.
    ran += result.cases.length - answered;
    if (streaming) {
      const block = stylishFile(result, io.cwd, color, values.reporter === 'verbose');
      if (progress) io.stdout('\r\u001b[K');
      if (block) io.stdout(block);
      if (progress) drawProgress();
    }
    failed += result.cases.filter((c) => c.status === 'failed').length;
    if (bail !== null && failed >= bail) {
      bailed = failed;
      break;
    }
    if (index + inFlight < targets.length) start(index + inFlight);
  }
  if (progress) io.stdout('\r\u001b[K');
  if (values.watch) {
    io.stdout(formatTestReport(summarizeTests(runOptions.target, results), format, io.cwd, color));
    const { watchTests } = await import('../watch-tests.js');
    return watchTests(results, paths, { io, isTestFile: (file) => TEST_FILE.test(file), run: async (file) => runTestFile(file, await optionsFor(file), pool), report: (rerun) => formatTestReport(summarizeTests(runOptions.target, rerun), format, io.cwd, color) });
  }
  // Lines of env files that are not NAME=value are findings of their own, as lint reports them.
  const envFileResults = settings.problems().map((p) => ({ file: p.file, target: runOptions.target, diagnostics: p.diagnostics, cases: [] }));
  const report = summarizeTests(runOptions.target, [...envFileResults, ...results], bailed);
  if (streaming) io.stdout(envFileResults.map((r) => stylishFile(r, io.cwd, color)).join('') + stylishSummary(report, color));
  else io.stdout(formatTestReport(report, format, io.cwd, color));
  // --debug: what ran the functions, and how many cases each worker ran (a stylish report only).
  if (values.debug && format === 'stylish') {
    const perWorker = pool.casesRun();
    const cases = (n: number) => `${n} case${n === 1 ? '' : 's'}`;
    const workers = pool.workersStarted() === 0 ? 'no worker started' : `${perWorker.length} worker${perWorker.length === 1 ? '' : 's'}: ${perWorker.map(cases).join(', ')}`;
    io.stdout(`engine: ${engineDescription()}; this thread: ${cases(pool.casesRunHere())}; ${workers}\n`);
  }
  const passed = testRunPassed(report);
  if (!coverage) return passed ? 0 : 1;
  return reportCoverage(coverage, threshold, values['coverage-dir'] ?? 'coverage', format, io) && passed ? 0 : 1;
}

/** Test files read, judged and run at a time (reported in order). */
const FILES_IN_FLIGHT = 4;
/**
 * The test files' size up to which a suite runs on the command's thread (src/sync/pool.ts runHereFirst): some
 * 60 cases, about as many as that thread runs while a worker starts (the examples' 11 cases are 3 KB). A
 * larger suite runs faster in a worker, beside this thread's reading and judging of its files.
 */
const SMALL_SUITE_BYTES = 8 * 1024;
/** The test files' size past which a suite is large (bench g's 10,000 cases are 2 MB; the examples' 3 KB). */
const LARGE_SUITE_BYTES = 64 * 1024;
/** Test files past this size (about 1,500 cases of a small function) run with the engine optimised. */
const OPTIMISING_SUITE_BYTES = 256 * 1024;

function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** -t/--grep: a regular expression over the case names (case-sensitive, as Jest's and Mocha's). */
function grepOption(text: string | undefined): RegExp | null {
  if (text === undefined) return null;
  try {
    return new RegExp(text);
  } catch (error) {
    throw new UsageError(`--grep ${JSON.stringify(text)} is not a regular expression: ${(error as Error).message}`);
  }
}

/** --bail [N]: stop after N failed cases (default 1); null: run everything. */
function bailOption(text: string | undefined): number | null {
  if (text === undefined) return null;
  if (!/^[1-9]\d*$/.test(text)) throw new UsageError(`--bail ${JSON.stringify(text)}: give a number of failed cases, 1 or more`);
  return Number(text);
}

/** `--bail` with no count after it is `--bail=1`: parseArgs has no options with an optional value. */
function bailWithoutCount(args: string[]): string[] {
  return args.map((arg, i) => (arg === '--bail' && !/^\d+$/.test(args[i + 1] ?? '') ? '--bail=1' : arg));
}

/** --coverage-threshold: a percentage of branches, 0 to 100. */
function coverageThreshold(text: string | undefined): number | null {
  if (text === undefined) return null;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 100) throw new UsageError(`--coverage-threshold ${JSON.stringify(text)}: give a percentage of branches from 0 to 100`);
  return value;
}

/**
 * Writes lcov.info and prints the summary (after a stylish report; on standard error beside a machine
 * format, whose standard output stays one document). False when branch coverage is under the threshold.
 */
function reportCoverage(coverage: CoverageCollector, threshold: number | null, dir: string, format: TestReportFormat, io: CliIO): boolean {
  const file = path.join(dir, 'lcov.info');
  const problem = writeOutputFile(file, io.cwd, coverage.lcov());
  if (problem) throw new UsageError(`--coverage-dir ${dir}: cannot write ${problem}`);
  const print = format === 'stylish' ? io.stdout : io.stderr;
  print(`\n${coverage.summary(io.cwd)}lcov: ${path.relative(io.cwd, path.resolve(io.cwd, file)) || file}\n`);
  const branches = share(coverage.totals().branches);
  if (threshold !== null && branches < threshold) {
    print(`branch coverage ${branches.toFixed(1)}% is under the threshold of ${threshold}% (--coverage-threshold)\n`);
    return false;
  }
  return true;
}
