// sgconf lint <path>...: check configs and report in the format the tool chain wants.
import * as path from 'node:path';
import { frameReader, UsageError, type CliIO } from '../io.js';
import { parseCommandArgs, useColor } from '../args.js';
import { DEPLOYMENT_OPTIONS, deploymentFrom, trustOptionsHelp, toolConfigFor } from '../tool-options.js';
import { summarize } from '../../lint.js';
import { lintPaths } from '../../files.js';
import { foldersWithoutConfigs } from '../../files.js';
import { formatReport, REPORT_FORMATS, type ReportFormat } from '../../report/index.js';
import type { Kind } from '../../types.js';

export const LINT_USAGE = `Usage: sgconf lint <path>... [options]

Checks gateway configs (a folder is searched for *.json, *.yaml, *.yml).

Options:
  --format stylish|json|sarif|github   report format (default stylish)
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
  --fix                                apply the safe fixes to the files, then report what is left
  --fix-dry-run                        print the fixes as a unified diff; write nothing
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
        ...DEPLOYMENT_OPTIONS,
      }, LINT_USAGE, io);
  if (!parsed) return 0;
  const { values, positionals } = parsed;
  const format = values.format as ReportFormat;
  if (!REPORT_FORMATS.includes(format)) throw new UsageError(`unknown format "${values.format}" (stylish, json, sarif or github)`);
  if (!KINDS.includes(values.kind!)) throw new UsageError(`unknown kind "${values.kind}" (auto, legacy, bootstrap or database)`);
  let maxWarnings = -1;
  if (values['max-warnings'] !== undefined) {
    if (!/^\d+$/.test(values['max-warnings'])) throw new UsageError(`--max-warnings needs a whole number, not "${values['max-warnings']}"`);
    maxWarnings = Number(values['max-warnings']);
  }
  if (positionals.length === 0) throw new UsageError('no path given: name the config files or folders to check');

  const tool = await toolConfigFor(io, values);
  const deployment = deploymentFrom(tool, values, io.cwd, values['no-env'] ? null : io.env);
  const shared = deployment.options;
  const lintOptions = {
    ...shared,
    cwd: io.cwd,
    kind: values.kind as Kind | 'auto',
    ignore: tool.config.ignore,
    ignoreBase: tool.filepath ? path.dirname(tool.filepath) : io.cwd,
    quiet: values.quiet,
  };
  const fixing = values.fix || values['fix-dry-run'];
  // Fixes come from every finding, --quiet or not: the report is filtered afterwards.
  let report = await lintPaths(positionals, fixing ? { ...lintOptions, quiet: false } : lintOptions);
  if (fixing) {
    const { fixFiles } = await import('../fix-files.js');
    const fixed = await fixFiles(report.results, { ...lintOptions, quiet: false }, io, values['fix-dry-run'] ? 'diff' : 'write');
    if (values['fix-dry-run']) return 0;
    // What is left after the fixes is the report, with an error on each file that could not be written.
    if (fixed.changed > 0 || values.quiet) report = await lintPaths(positionals, lintOptions);
    if (fixed.unwritable.size > 0) {
      for (const r of report.results) {
        const failure = fixed.unwritable.get(r.file);
        if (failure) r.diagnostics.unshift(failure);
      }
      report = summarize(report.results, shared.target);
    }
  }
  // As ESLint does: a named folder in which nothing is found to check is misuse, never a pass.
  const empty = report.results.length === 0 ? positionals : await foldersWithoutConfigs(positionals, report.results, io.cwd);
  if (empty.length > 0) {
    throw new UsageError(`no gateway config found in ${empty.join(', ')} (folders are searched for *.json, *.yaml and *.yml; files that are not gateway configs, and ignored ones, are skipped; name a file to check it whatever it holds)`);
  }
  const extra = [...deployment.problems];
  const final = extra.length > 0 ? summarize([...extra, ...report.results], shared.target) : report;
  const color = useColor(io);
  io.stdout(await formatReport(final, format, { cwd: io.cwd, color, readSource: frameReader(io.cwd, shared.scope, final.results.map((r) => r.file)) }));
  if (final.errorCount > 0) return 1;
  if (maxWarnings >= 0 && final.warningCount > maxWarnings) return 1;
  return 0;
}
