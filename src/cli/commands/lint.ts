// sgconf lint <path>...: check configs and report in the format the tool chain wants.
import * as path from 'node:path';
import { frameReader, UsageError, type CliIO } from '../io.js';
import { COLOR_OPTIONS, parseCommandArgs, useColor } from '../args.js';
import { readFileSync, statSync } from 'node:fs';
import { writeOutputFile } from '../../write-scope.js';
import { checkEnvFileText, configsNamingFunctionFiles, DEPLOYMENT_OPTIONS, isFunctionFileName, readsEnvFile, toolConfigFolder, toolSettings, trustOptionsHelp } from '../tool-options.js';
import { loadToolConfig, toolConfigName, type LoadedToolConfig } from '../../config/index.js';
import { analyzeText, functionFilesNamed, summarize } from '../../lint.js';
import { findConfigFiles, lintPaths, mapLimit, readTextFile, selectionMatchers, TEST_FILE, type FileSelection } from '../../files.js';
import { findingsThrough, functionFileAlone } from '../../functions/function-file.js';
import { readTestFile } from '../../sgtest/file.js';
import { testFileFindings } from '../../sgtest/run.js';
import { scopeOfNamedFile, type ReadScope } from '../../read-scope.js';
import { foldersWithoutConfigs } from '../../files.js';
import { applySuppressions, unusedSuppressionsResult } from '../../config/suppressions.js';
import { formatReport, REPORT_FORMATS, type ReportFormat } from '../../report/index.js';
import type { FileResult, Kind, LintReport, SuppressedFinding } from '../../types.js';

export const LINT_USAGE = `Usage: sgconf lint [<path>...] [options]

Checks gateway configs (a folder is searched for *.json, *.yaml, *.yml; - reads standard input; no path:
the current folder, as ESLint does).

Options:
  --format FORMAT                      stylish (default), json, sarif, github, junit or gitlab
  -o, --output-file FILE               write the report to FILE instead of standard output
  --stdin-filename NAME                the file name standard input (-) is linted as (default <stdin>)
  --color, --no-color                  colours on or off (default: on a terminal, unless NO_COLOR;
                                       FORCE_COLOR forces them)
  --kind auto|legacy|bootstrap|database force the input kind (default auto)
  --max-warnings N                     exit 1 when there are more than N warnings
  --no-remote                          never fetch http(s):// function sources
  --no-env                             do not expand environment variables
  --quiet                              report errors only
  --target VERSION                     the Sync Gateway release to judge for: 2.8, 3.0, 3.1, 3.2,
                                       3.3, 4.0, 4.1 or a patch version such as 3.1.4 (default 4.1)
  --env-file FILE                      dotenv file of the variables the deployment defines (repeatable);
                                       NAME= (empty) declares a variable set at deploy time
  --host                               this machine is the gateway host: absolute paths must exist here
${trustOptionsHelp(39)}
  --config FILE                        use this sgconf tool config instead of searching for one
  --debug                              list the files a folder search left out and the findings
                                       the tool config's suppressions kept out, each with why (json:
                                       always, as "skipped" and "suppressed")
  --no-ignore                          check the files named here even when the tool config's
                                       ignore patterns match them (by default each is skipped, with
                                       an info)
  --fix                                apply the safe fixes to the files, then report what is left
  --fix-dry-run                        print the fixes as a unified diff and how many; write nothing;
                                       exit as lint would after them
  -h, --help                           show this help

Exit status: 0 no errors, 1 errors (or too many warnings), 2 misuse.`;

const KINDS = ['auto', 'legacy', 'bootstrap', 'database'];

export async function run(args: string[], io: CliIO): Promise<number> {
  const parsed = parseCommandArgs(args, {
        format: { type: 'string', default: 'stylish' },
        kind: { type: 'string', default: 'auto' },
        'max-warnings': { type: 'string' },
        'no-remote': { type: 'boolean', default: false },
        'no-env': { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        config: { type: 'string' },
        fix: { type: 'boolean', default: false },
        'fix-dry-run': { type: 'boolean', default: false },
        'no-ignore': { type: 'boolean', default: false },
        debug: { type: 'boolean', default: false },
        'output-file': { type: 'string', short: 'o' },
        'stdin-filename': { type: 'string' },
        ...COLOR_OPTIONS,
        ...DEPLOYMENT_OPTIONS,
      }, LINT_USAGE, io);
  if (!parsed) return 0;
  const { values, positionals } = parsed;
  const format = values.format as ReportFormat;
  if (!REPORT_FORMATS.includes(format)) throw new UsageError(`unknown format "${values.format}" (${REPORT_FORMATS.join(', ')})`);
  if (!KINDS.includes(values.kind!)) throw new UsageError(`unknown kind "${values.kind}" (auto, legacy, bootstrap or database)`);
  let maxWarnings = -1;
  if (values['max-warnings'] !== undefined) {
    if (!/^\d+$/.test(values['max-warnings'])) throw new UsageError(`--max-warnings needs a whole number, not "${values['max-warnings']}"`);
    maxWarnings = Number(values['max-warnings']);
  }
  // No path: the current folder, as ESLint lints it.
  if (positionals.length === 0) positionals.push('.');
  const fromStdin = positionals.filter((p) => p === '-').length;
  if (fromStdin > 1) throw new UsageError('- (standard input) can be named once');
  if (fromStdin === 0 && values['stdin-filename'] !== undefined) throw new UsageError('--stdin-filename names standard input: give - as a path too');
  if (fromStdin > 0 && values.fix) throw new UsageError('--fix cannot write standard input back; --fix-dry-run prints the diff');
  const paths = positionals.filter((p) => p !== '-');
  const stdinName = values['stdin-filename'] ?? '<stdin>';
  const stdinText = fromStdin > 0 ? (io.readStdin ? io.readStdin() : readFileSync(0, 'utf8')) : null;

  // Each file is judged by the nearest tool config above it (as the editor does), unless --config names one.
  const settings = await toolSettings(io, values);
  const shared = settings.run.options;
  const lintOptions = {
    ...shared,
    perFile: async (file: string) => {
      const own = await settings.settingsFor(file);
      return own === settings.run ? undefined : own.options;
    },
    cwd: io.cwd,
    kind: values.kind as Kind | 'auto',
    selectionFor: async (file: string) => (await settings.settingsFor(file)).selection,
    noIgnore: values['no-ignore'],
  };
  // Every finding is made, --quiet or not: the fixes come from all of them, and --quiet says what it hid.
  // A test file named on the command line (a hook passes every changed file) is checked as a test file,
  // as the editor checks it, not as a config of no known kind; its cases run with `sgconf test`.
  const namedTests = paths.filter((p) => TEST_FILE.test(p));
  // So is a tool config: its own findings (config/invalid), as every command reads it.
  const namedToolConfigs = paths.filter((p) => toolConfigName(path.basename(p)) === 'data');
  // And a function file (.js): through the configs that name it, else alone (its syntax and shape).
  const namedFunctions = paths.filter(isFunctionFileName);
  // And an env file: its own lines, and the configs that read it (a changed value changes their verdict):
  // those lint finds in the folder of each tool config that lists it (as `lint <folder>` does).
  const namedEnvFiles: string[] = [];
  const envFileReaders = new Set<string>();
  for (const p of paths) {
    if (namedFunctions.includes(p) || namedTests.includes(p) || namedToolConfigs.includes(p)) continue;
    const byName = ENV_FILE_NAME.test(p);
    // Under another name, a file (not a folder, not a config by its extension) that a tool config or --env-file reads.
    if (!byName && (/\.(json|ya?ml)$/i.test(p) || !statSync(path.resolve(io.cwd, p), { throwIfNoEntry: false })?.isFile())) continue;
    const { tool } = await settings.settingsFor(p);
    const read = readsEnvFile(tool, values, io.cwd, p);
    if (!byName && !read) continue;
    namedEnvFiles.push(p);
    if (read) envFileReaders.add(path.relative(io.cwd, toolConfigFolder(tool, io.cwd)) || '.');
  }
  const configPaths = paths.filter((p) => !namedTests.includes(p) && !namedToolConfigs.includes(p) && !namedFunctions.includes(p) && !namedEnvFiles.includes(p));
  const lintAll = async (): Promise<LintReport> => {
    const linted = [...configPaths, ...envFileReaders];
    const found = linted.length > 0 ? await lintPaths(linted, lintOptions) : summarize([], shared.target);
    // The files of other kinds, each checked as what it is. The test files a folder search finds are
    // checked as test files too, as when named (one verdict each).
    const foundTests = await testFilesUnder(configPaths, io.cwd, lintOptions, shared.scope, namedTests);
    const others = await Promise.all([...namedTests, ...foundTests].map((file) => checkTestFile(file, io.cwd, shared.scope)));
    for (const file of namedToolConfigs) others.push((await loadToolConfig(io.cwd, file)).problems ?? { file, kind: null, diagnostics: [] });
    if (namedFunctions.length > 0) others.push(...await checkFunctionFiles(namedFunctions, io.cwd, lintOptions, settings.run.tool, shared.scope));
    others.push(...await Promise.all(namedEnvFiles.map((file) => checkEnvFile(file, io.cwd, shared.scope))));
    const stdin = stdinText === null ? [] : [(await analyzeText(stdinText, stdinName, { ...lintOptions, discovered: false })).result];
    return stdin.length === 0 && others.length === 0 ? found : summarize([...stdin, ...found.results, ...others], shared.target);
  };
  let report = await lintAll();
  if (values['fix-dry-run']) {
    const { fixFiles } = await import('../fix-files.js');
    const sources = new Map(stdinText === null ? [] : [[stdinName, stdinText]]);
    const fixed = await fixFiles(report.results, lintOptions, io, 'diff', sources);
    // As lint would exit after the fixes: the fixed texts linted again, in memory.
    const after: FileResult[] = [];
    for (const result of report.results) {
      const text = fixed.texts.get(result.file);
      after.push(text === undefined ? result : (await analyzeText(text, result.file, { ...lintOptions, discovered: true })).result);
    }
    const left = summarize(after, shared.target);
    // Nothing to fix prints nothing: an empty diff is the answer scripts check for.
    if (fixed.fixes > 0) io.stdout(`${fixed.fixes} fix${fixed.fixes === 1 ? '' : 'es'} in ${fixed.changed} file${fixed.changed === 1 ? '' : 's'} would be applied; ${left.errorCount} error${left.errorCount === 1 ? '' : 's'} and ${left.warningCount} warning${left.warningCount === 1 ? '' : 's'} would remain\n`);
    if (left.errorCount > 0) return 1;
    return maxWarnings >= 0 && left.warningCount > maxWarnings ? 1 : 0;
  }
  if (values.fix) {
    const { fixFiles } = await import('../fix-files.js');
    const fixed = await fixFiles(report.results, lintOptions, io, 'write');
    // What is left after the fixes is the report, with an error on each file that could not be written.
    if (fixed.changed > 0) report = await lintAll();
    if (fixed.unwritable.size > 0) {
      for (const r of report.results) {
        const failure = fixed.unwritable.get(r.file);
        if (failure) r.diagnostics.unshift(failure);
      }
      report = summarize(report.results, shared.target);
    }
  }
  // As ESLint does: a named folder in which nothing is found to check is misuse, never a pass.
  const empty = report.results.length === 0 ? paths : await foldersWithoutConfigs(paths, report.results, io.cwd);
  if (empty.length > 0) {
    throw new UsageError(`no gateway config found in ${empty.join(', ')} (folders are searched for *.json, *.yaml and *.yml; files that are not gateway configs, and ignored ones, are skipped; name a file to check it whatever it holds)`);
  }
  // Each tool config's suppressions, on the files it applies to: what they keep out is counted with its
  // reason; one that suppressed nothing is a warning.
  const byTool = new Map<LoadedToolConfig, FileResult[]>();
  for (const r of report.results) {
    const owner = (await settings.settingsFor(r.file)).tool;
    byTool.set(owner, [...(byTool.get(owner) ?? []), r]);
  }
  const applied = { results: new Map<FileResult, FileResult>(), suppressed: [] as SuppressedFinding[], unused: [] as FileResult[] };
  for (const [owner, group] of byTool) {
    const done = applySuppressions(group, owner.config.suppressions, toolConfigFolder(owner, io.cwd), io.cwd);
    group.forEach((r, i) => applied.results.set(r, done.results[i]!));
    applied.suppressed.push(...done.suppressed);
    const unusedResult = unusedSuppressionsResult(done.unused, owner.filepath ? path.relative(io.cwd, owner.filepath) || owner.filepath : '');
    if (unusedResult) applied.unused.push(unusedResult);
  }
  const hidden = { warnings: 0, infos: 0 };
  // A tool config or env file named on the command line is in the report already.
  const named = new Set(report.results.map((r) => r.file));
  let results = [...settings.problems().filter((p) => !named.has(p.file)), ...applied.unused, ...report.results.map((r) => applied.results.get(r) ?? r)];
  if (values.quiet) {
    // --quiet reports errors only, and counts what it left out.
    results = results.map((r) => {
      for (const d of r.diagnostics) if (d.severity === 'warning') hidden.warnings++; else if (d.severity === 'info') hidden.infos++;
      return { ...r, diagnostics: r.diagnostics.filter((d) => d.severity === 'error') };
    });
  }
  const final = {
    ...summarize(results, shared.target), ...(report.skipped ? { skipped: report.skipped } : {}),
    ...(applied.suppressed.length > 0 ? { suppressed: applied.suppressed } : {}),
  };

  const outputFile = values['output-file'];
  const fileReader = frameReader(io.cwd, shared.scope, final.results.map((r) => r.file));
  // --debug: the files the folder search left out, under a stylish report (a machine format has them in `skipped`).
  const debug = values.debug && format === 'stylish'
    ? [...(final.skipped ?? []).map((f) => `skipped ${f.file}: ${f.reason}\n`), ...(final.suppressed ?? []).map((f) => `suppressed ${f.file}:${f.line}:${f.column} ${f.rule}: ${f.reason}\n`)].join('')
    : '';
  const text = debug + await formatReport(final, format, {
    cwd: io.cwd, color: outputFile === undefined && useColor(io, values), hidden, fixHint: !values.fix,
    readSource: (file) => (stdinText !== null && file === stdinName ? stdinText : fileReader(file)),
  });
  if (outputFile === undefined) io.stdout(text);
  else writeReport(outputFile, io.cwd, text);
  if (final.errorCount > 0) return 1;
  if (maxWarnings >= 0 && final.warningCount > maxWarnings) return 1;
  return 0;
}

/** -o/--output-file: the report written to a file (its folder made), as ESLint writes it; misuse when it cannot be. */
function writeReport(typed: string, cwd: string, text: string): void {
  const problem = writeOutputFile(typed, cwd, text);
  if (problem) throw new UsageError(`cannot write the report: ${problem}`);
}

/** A test file's own findings (sgtest/invalid-file, ...), read as every file is read, at their places. */
async function checkTestFile(file: string, cwd: string, scope: ReadScope | undefined): Promise<FileResult> {
  const decoded = await readTextFile(file, cwd, scope);
  if ('failure' in decoded) return decoded.failure;
  const read = await readTestFile(decoded.text, file);
  return { file, kind: null, diagnostics: testFileFindings(read) };
}

/**
 * Function files named on the command line (a hook passes a changed `.js` file alone): each one's findings
 * as the configs that name it give them, at its own lines. The configs are those the tool config's `sources`
 * name, else those beside it; a function file with no finding through them is checked alone, for what
 * its own text shows (syntax, one function expression).
 */
async function checkFunctionFiles(files: readonly string[], cwd: string, options: Parameters<typeof lintPaths>[1], tool: LoadedToolConfig, scope: ReadScope | undefined): Promise<FileResult[]> {
  const configs = await configsNaming(files, await configsNamingFunctionFiles(tool, files, cwd, scope), cwd, options, scope);
  const linted = configs.length > 0 ? (await lintPaths(configs, options)).results : [];
  // A file with findings through its configs has them; one without is also checked alone (a clean
  // reading through a config gives none there either).
  return Promise.all(files.map(async (file) => {
    const functionFile = path.resolve(cwd, file);
    const through = linted.flatMap((result) => findingsThrough(path.resolve(cwd, result.file), result.diagnostics, functionFile, result.file));
    return through.length > 0 ? { file, kind: null, diagnostics: through } : checkFunctionAlone(file, cwd, scope);
  }));
}

/**
 * Of `configs`, those whose functions name one of `files` (read and parsed as lint reads them, nothing
 * checked): only those are linted, not every config of the repository's sources. A config that cannot be
 * read here is kept: none that might name one is left out.
 */
async function configsNaming(files: readonly string[], configs: readonly string[], cwd: string, options: Parameters<typeof lintPaths>[1], scope: ReadScope | undefined): Promise<string[]> {
  const wanted = new Set(files.map((file) => path.resolve(cwd, file)));
  const naming = await mapLimit(configs, 8, async (config) => {
    // As lintPaths reads a config named to it.
    const configScope = scopeOfNamedFile(path.resolve(cwd, config), scope);
    const read = await readTextFile(config, cwd, configScope);
    if (!('text' in read)) return true;
    const named = await functionFilesNamed(read.text, config, { ...options, cwd, discovered: false, scope: configScope });
    return named.some((file) => wanted.has(file));
  });
  return configs.filter((_, k) => naming[k]);
}

/** The test files (*.sgtest.*) under the named folders, as the folder search finds configs (ignore globs, links), but those also named. */
async function testFilesUnder(paths: readonly string[], cwd: string, options: { selectionFor: (file: string) => Promise<FileSelection> }, scope: ReadScope | undefined, named: readonly string[]): Promise<string[]> {
  const folders = paths.filter((p) => statSync(path.resolve(cwd, p), { throwIfNoEntry: false })?.isDirectory());
  if (folders.length === 0) return [];
  const { ignoredBy } = selectionMatchers(options.selectionFor, cwd);
  const namedAt = new Set(named.map((file) => path.resolve(cwd, file)));
  const found = await findConfigFiles(folders, cwd, async (file) => (await ignoredBy(file)) !== undefined, (relative) => TEST_FILE.test(relative), scope);
  return found.filter((t) => !t.error && !t.ignored && !namedAt.has(path.resolve(cwd, t.file))).map((t) => t.file);
}

/** Env files by their usual names (`.env`, `.env.example`, `deploy.env`), whether or not a tool config reads them. */
const ENV_FILE_NAME = /(^|[\\/])(\.env(\.[^\\/]*)?|[^\\/]+\.env)$/i;

async function checkEnvFile(file: string, cwd: string, scope: ReadScope | undefined): Promise<FileResult> {
  const decoded = await readTextFile(file, cwd, scope);
  if ('failure' in decoded) return decoded.failure;
  return { ...checkEnvFileText(decoded.text, file).result, file };
}

/** A function file alone: what its own text shows (syntax, one function expression). */
async function checkFunctionAlone(file: string, cwd: string, scope: ReadScope | undefined): Promise<FileResult> {
  const decoded = await readTextFile(file, cwd, scope);
  if ('failure' in decoded) return decoded.failure;
  return { file, kind: null, diagnostics: functionFileAlone(decoded.text) };
}
