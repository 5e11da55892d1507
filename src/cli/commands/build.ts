// sgconf build <path>... --out <dir>: compile 3.x sources into deployable JSON.
import path from 'node:path';
import { UsageError, type CliIO } from '../io.js';
import { COLOR_OPTIONS, parseCommandArgs, useColor } from '../args.js';
import { DEPLOYMENT_OPTIONS, deploymentFrom, sourcesSearch, trustOptionsHelp, toolConfigFolder, toolConfigFor } from '../tool-options.js';
import { ignoreMatcher } from '../../globs.js';
import { buildSources } from '../../convert/build.js';
import { dryRunListing, formatDiagnostics, toReport, type ReportFormat } from '../../convert/report.js';
import { writeToDirectory, WriteError } from '../../convert/writer.js';
import { writeRefusal } from '../../write-scope.js';
import { BUILD_MANIFEST, buildManifestText } from '../../built-outputs.js';

export const USAGE = `Usage: sgconf build [<path>...] --out <dir> [options]

Compiles 3.x sources (bootstrap and database configs in JSON or YAML, functions in their own .js files)
into <dir>/bootstrap.json and <dir>/databases/<db>.json, with every function inlined as a string and
environment references kept. Folders are searched for *.json, *.yaml and *.yml. With no path, the
sources are those the tool config's "sources" globs name. Nothing is written when any input has an error.

Options:
  --out <dir>            write into <dir> (missing or empty unless --force)
  --force                allow a non-empty --out directory
  --dry-run              write nothing; print what would be written (secrets redacted)
  --no-remote            do not fetch http(s) function sources
  --target VERSION       the Sync Gateway release that will load the output: 2.8 ... 4.1 or a
                         patch version such as 3.1.4 (default 4.1)
  --env-file FILE        dotenv file of the deployment's variables (repeatable)
  --host                 this machine is the gateway host
${trustOptionsHelp(25, ['--pass-env'])}
  --format stylish|json  how diagnostics are reported (default stylish)
  --config FILE          use this sgconf tool config instead of searching for one
  --color, --no-color    colours on or off (default: on a terminal, unless NO_COLOR; FORCE_COLOR)
  -h, --help             show this help
`;

export async function run(args: string[], io: CliIO): Promise<number> {
  const parsed = parseCommandArgs(args, {
        out: { type: 'string' },
        force: { type: 'boolean' },
        'dry-run': { type: 'boolean' },
        'no-remote': { type: 'boolean' },
        format: { type: 'string' },
        config: { type: 'string' },
        ...COLOR_OPTIONS,
        ...DEPLOYMENT_OPTIONS,
      }, USAGE, io);
  if (!parsed) return 0;
  const { values, positionals } = parsed;
  const format = (values.format ?? 'stylish') as ReportFormat;
  if (format !== 'stylish' && format !== 'json') throw new UsageError(`unknown format "${values.format}" (stylish or json)`);
  const dryRun = values['dry-run'] ?? false;
  if (values.out === undefined && !dryRun) throw new UsageError('say where to write: --out <dir> (or --dry-run)');
  if (values.out === '') throw new UsageError('--out needs a directory');
  const refusal = dryRun ? null : writeRefusal(values.out!, io.cwd, true);
  if (refusal) throw new UsageError(refusal);

  const tool = await toolConfigFor(io, values);
  // No path: the tool config's sources, each file its globs name (test files aside).
  const sources = positionals.length === 0 ? sourcesSearch(tool, io.cwd) : null;
  if (positionals.length === 0 && !sources) throw new UsageError('missing the sources to build: name them, or list them in the tool config\'s "sources"');
  // Build writes environment references as they are; the deployment's variables (its env files, the tool
  // config's env; no variable of this machine) say which ones it sets, as for lint.
  const deployment = deploymentFrom(tool, values, io.cwd, {});
  const lint = deployment.options;
  const problems = [...deployment.problems];
  // What the tool config's `ignore` names is not built, as lint does not check it.
  const isIgnored = ignoreMatcher(tool.config.ignore, toolConfigFolder(tool, io.cwd), io.cwd);
  const outcome = await buildSources(sources?.paths ?? positionals, { cwd: io.cwd, lint, isIgnored, ...(sources ? { accept: sources.accept } : {}) });
  const report = toReport([...problems, ...outcome.results], lint.target);
  const text = await formatDiagnostics(report, format, {
    color: useColor(io, values), cwd: io.cwd, readSource: (f) => outcome.sources.get(f) ?? null,
  });
  if (!outcome.ok || problems.length > 0) {
    io.stdout(text);
    if (format === 'stylish') io.stdout('\nNothing was built.\n');
    return 1;
  }
  if (dryRun) {
    io.stdout(text);
    if (format === 'stylish') io.stdout(dryRunListing(outcome.files, `${values.out ?? '.'}/`) + 'Dry run: nothing was written.\n');
    return 0;
  }
  try {
    const outDir = path.resolve(io.cwd, values.out!);
    // Beside the outputs, what each was built from: lint of a tree that holds both gives one verdict (the source's).
    const manifest = { path: BUILD_MANIFEST, content: buildManifestText(outcome.files, outDir, io.cwd), secret: false };
    await writeToDirectory(outDir, [...outcome.files, manifest], { force: values.force ?? false });
  } catch (error) {
    if (!(error instanceof WriteError)) throw error;
    if (format === 'json') io.stdout(text);
    io.stderr(`sgconf build: ${error.message}\n`);
    return 1;
  }
  io.stdout(text);
  if (format === 'stylish') {
    io.stdout(`${text ? '\n' : ''}Built ${outcome.files.length} file${outcome.files.length === 1 ? '' : 's'} into ${values.out}:\n`);
    for (const f of outcome.files) io.stdout(`  ${f.path}${f.secret ? '  (holds credentials, mode 0600)' : ''}\n`);
    io.stdout(`  ${BUILD_MANIFEST}  (what each was built from: lint gives a built file no verdict beside its source)\n`);
  }
  return 0;
}
