// sgconf print-config <file>: the settings in force for one file, and where each comes from (the command
// line, the nearest tool config above the file, one of its overrides, or the default), as lint and the
// editor apply them.
import * as path from 'node:path';
import { UsageError, type CliIO } from '../io.js';
import { parseCommandArgs } from '../args.js';
import { DEPLOYMENT_OPTIONS, toolSettings } from '../tool-options.js';
import { isBuildSource, optionsForFile } from '../../lint.js';
import { ignoreMatcher, matchingIgnoreGlob } from '../../globs.js';
import { jsonText } from '../../messages.js';

const HELP = `Usage: sgconf print-config <file> [--format stylish|json] [--config FILE] [--target VERSION]

Prints the settings in force for <file> and where each comes from: the tool config, one of its
overrides, the command line or the default.

Options:
  --format stylish|json  how to print them (default stylish)
  --config FILE          use this tool config instead of searching for one
  --target VERSION       as for lint: wins over the tool config and its overrides
  -h, --help             show this help`;

interface Setting<T> { value: T; from: string }

export async function run(args: string[], io: CliIO): Promise<number> {
  const parsed = parseCommandArgs(args, { format: { type: 'string', default: 'stylish' }, config: { type: 'string' }, ...DEPLOYMENT_OPTIONS }, HELP, io);
  if (!parsed) return 0;
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'name the file whose settings to print' : 'print-config takes one file');
  if (values.format !== 'stylish' && values.format !== 'json') throw new UsageError(`unknown format "${values.format}" (stylish or json)`);
  const file = positionals[0]!;
  // The nearest tool config above the file, as lint and the editor take it (--config names one).
  const { tool, options: deploymentOptions, selection } = await (await toolSettings(io, values)).settingsFor(file);
  const base = selection.base;
  const toolName = tool.filepath ? path.relative(io.cwd, tool.filepath) || tool.filepath : null;
  const inTool = (key: string) => `${toolName ?? 'the tool config'} ${key}`;
  const overrides = tool.config.overrides.map((o, i) => ({ ...o, index: i, matches: ignoreMatcher(o.files, base, io.cwd)(path.resolve(io.cwd, file)) })).filter((o) => o.matches);
  const options = optionsForFile(file, { ...deploymentOptions, cwd: io.cwd });

  const overrideName = (o: { index: number; files: string[] }) => `${inTool(`overrides[${o.index}]`)} (${o.files.join(', ')})`;
  const lastOverride = [...overrides].reverse().find((o) => o.target !== undefined);
  const lastEnvFiles = [...overrides].reverse().find((o) => o.envFiles !== undefined);
  const target: Setting<string> = {
    value: options.target!,
    from: values.target !== undefined ? '--target' : lastOverride ? overrideName(lastOverride) : tool.config.target ? inTool('target') : 'the default (the newest release)',
  };
  const rules: Record<string, Setting<string>> = {};
  for (const [id, setting] of Object.entries(tool.config.rules)) rules[id] = { value: setting, from: inTool('rules') };
  for (const o of overrides) for (const [id, setting] of Object.entries(o.rules)) rules[id] = { value: setting, from: overrideName(o) };
  const ignoredBy = matchingIgnoreGlob(tool.config.ignore, base, io.cwd)(file);
  const source = isBuildSource(file, options);
  const suppressions = tool.config.suppressions.filter((s) => ignoreMatcher(s.files, base, io.cwd)(path.resolve(io.cwd, file)))
    .map((s) => ({ rules: s.rules, reason: s.reason }));
  const settings = {
    file,
    toolConfig: toolName,
    target,
    buildSource: { value: source, from: source ? inTool('sources') : 'not matched by sources' },
    ignored: { value: ignoredBy !== undefined, from: ignoredBy !== undefined ? `${inTool('ignore')} (${ignoredBy})` : 'not matched by ignore' },
    envFiles: {
      value: (lastEnvFiles?.envFiles ?? tool.config.envFiles).map((f) => path.relative(io.cwd, f) || f).concat(values['env-file'] ?? []),
      from: lastEnvFiles ? overrideName(lastEnvFiles) : tool.config.envFiles.length > 0 ? inTool('envFiles') : values['env-file'] ? '--env-file' : 'none set',
    },
    rules,
    suppressions,
  };
  if (values.format === 'json') {
    io.stdout(`${jsonText(settings, 2)}\n`);
    return 0;
  }
  const lines = [
    `settings for ${file}`,
    `  tool config   ${toolName ?? 'none found'}`,
    `  target        ${target.value}  (${target.from})`,
    `  build source  ${source ? 'yes' : 'no'}  (${settings.buildSource.from})`,
    `  ignored       ${settings.ignored.value ? 'yes' : 'no'}  (${settings.ignored.from})`,
    `  env files     ${settings.envFiles.value.length > 0 ? `${settings.envFiles.value.join(', ')}  (${settings.envFiles.from})` : 'none'}`,
    `  rules         ${Object.keys(rules).length === 0 ? 'each at its own severity' : ''}`,
    ...Object.entries(rules).map(([id, r]) => `    ${id}: ${r.value}  (${r.from})`),
    `  suppressions  ${suppressions.length === 0 ? 'none' : ''}`,
    ...suppressions.map((s) => `    ${s.rules.join(', ')}: ${s.reason}`),
  ];
  io.stdout(`${lines.map((l) => l.trimEnd()).join('\n')}\n`);
  return 0;
}
