// sgconf convert <legacy-config> --out <dir> | --in-place: one-way conversion of a legacy config.
import path from 'node:path';
import { UsageError, type CliIO } from '../io.js';
import { COLOR_OPTIONS, parseCommandArgs, useColor } from '../args.js';
import { DEPLOYMENT_OPTIONS, deploymentFrom, trustOptionsHelp, toolConfigFor } from '../tool-options.js';
import { convertFile } from '../../convert/run.js';
import { conversionSummary, dryRunListing, formatDiagnostics, toReport, type ReportFormat } from '../../convert/report.js';
import { writeInPlace, writeToDirectory, WriteError } from '../../convert/writer.js';

export const USAGE = `Usage: sgconf convert <legacy-config> (--out <dir> | --in-place) [options]

Converts a legacy (2.x) config into a 3.x bootstrap config, one database config per database
(databases/<db>.json, for PUT /{db}/) and the users and roles of each database (principals/<db>.json).
Nothing is written when the config has errors.

Options:
  --out <dir>            write into <dir> (missing or empty unless --force)
  --in-place             back the original up as <name>-backup-<unix seconds><ext>, replace it with
                         the bootstrap config, and write databases/ and principals/ beside it
  --dry-run              write nothing; print what would be written (secrets redacted)
  --force                allow a non-empty --out directory and overwriting output files
  --group-id <id>        config group id of the bootstrap config (wins over config_upgrade_group_id)
  --expand-env           write environment references resolved (default: kept exactly as written)
  --no-remote            do not fetch http(s) function sources
  --target VERSION       the Sync Gateway release that will load the output: 3.0, 3.1, 3.2, 3.3,
                         4.0, 4.1 or a patch version such as 3.1.4 (default 4.1)
  --env-file FILE        dotenv file of the deployment's variables (repeatable; with --expand-env
                         their values are written)
  --host                 this machine is the gateway host: absolute paths must exist here
${trustOptionsHelp(25)}
  --format stylish|json  how diagnostics are reported (default stylish)
  --color, --no-color    colours on or off (default: on a terminal, unless NO_COLOR; FORCE_COLOR)
  -h, --help             show this help
`;

export async function run(args: string[], io: CliIO): Promise<number> {
  const parsed = parseCommandArgs(args, {
        out: { type: 'string' },
        'in-place': { type: 'boolean' },
        'dry-run': { type: 'boolean' },
        force: { type: 'boolean' },
        'group-id': { type: 'string' },
        'expand-env': { type: 'boolean' },
        format: { type: 'string' },
        'no-remote': { type: 'boolean' },
        ...COLOR_OPTIONS,
        ...DEPLOYMENT_OPTIONS,
      }, USAGE, io);
  if (!parsed) return 0;
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'missing the legacy config to convert' : 'convert takes exactly one legacy config');
  const format = (values.format ?? 'stylish') as ReportFormat;
  if (format !== 'stylish' && format !== 'json') throw new UsageError(`unknown format "${values.format}" (stylish or json)`);
  const inPlace = values['in-place'] ?? false;
  const dryRun = values['dry-run'] ?? false;
  if (inPlace && values.out !== undefined) throw new UsageError('--out and --in-place cannot be combined');
  if (!inPlace && values.out === undefined && !dryRun) throw new UsageError('say where to write: --out <dir> or --in-place (or --dry-run)');
  if (values.out === '') throw new UsageError('--out needs a directory');
  if (values['group-id'] !== undefined && values['group-id'] === '') throw new UsageError('--group-id needs a value');

  const tool = await toolConfigFor(io, values);
  const deployment = deploymentFrom(tool, values, io.cwd, values['expand-env'] ? io.env : null, '3.0');
  const { env: expandEnv, ...lint } = deployment.options;
  const problems = [...deployment.problems];
  const input = positionals[0];
  const inputPath = path.resolve(io.cwd, input);
  const outcome = await convertFile(inputPath, {
    cwd: io.cwd,
    groupId: values['group-id'],
    expandEnv: expandEnv ?? undefined,
    lint,
  });
  outcome.result.file = input;
  const report = toReport([...problems, outcome.result], lint.target);
  const diagnosticsText = await formatDiagnostics(report, format, {
    color: useColor(io, values), cwd: io.cwd, readSource: (f) => (f === input ? outcome.sourceText ?? null : null),
  });
  if (!outcome.ok || !outcome.conversion || problems.length > 0) {
    io.stdout(diagnosticsText);
    if (format === 'stylish') io.stdout(`\n${input} was not converted; nothing was written.\n`);
    return 1;
  }

  const target = inPlace ? path.dirname(input) : values.out ?? '.';
  if (dryRun) {
    if (format === 'json') {
      io.stdout(diagnosticsText);
      return 0;
    }
    if (diagnosticsText !== '') io.stdout(diagnosticsText + '\n');
    const root = inPlace ? '' : `${values.out ?? '.'}/`;
    const files = inPlace ? outcome.files.map((f) => (f.path === 'bootstrap.json' ? { ...f, path: path.basename(input) } : f)) : outcome.files;
    io.stdout(dryRunListing(files, inPlace ? `${path.dirname(input)}/` : root));
    io.stdout('\n' + conversionSummary(input, target, lint.target, outcome.conversion, outcome.files, 'dry-run'));
    io.stdout('Dry run: nothing was written.\n');
    return 0;
  }

  let backup: string | undefined;
  try {
    if (inPlace) {
      backup = (await writeInPlace(inputPath, outcome.originalBytes!, outcome.files, { force: values.force ?? false })).backup;
    } else {
      await writeToDirectory(path.resolve(io.cwd, values.out!), outcome.files, { force: values.force ?? false });
    }
  } catch (error) {
    if (!(error instanceof WriteError)) throw error;
    if (format === 'json') io.stdout(diagnosticsText);
    io.stderr(`sgconf convert: ${error.message}\n`);
    return 1;
  }
  if (format === 'json') {
    io.stdout(diagnosticsText);
    return 0;
  }
  if (diagnosticsText !== '') io.stdout(diagnosticsText + '\n');
  io.stdout(conversionSummary(input, target, lint.target, outcome.conversion, outcome.files, inPlace ? 'in-place' : 'out', backup && path.relative(io.cwd, backup)));
  return 0;
}
