// sgconf plan <config> --from <version> --to <version> [--format markdown|json]: an upgrade runbook.
import { MAX_CONFIG_BYTES, readRegularFile } from '../../fs-async.js';
import path from 'node:path';
import { toolSettings } from '../tool-options.js';
import { readScope } from '../../read-scope.js';
import { UsageError, type CliIO } from '../io.js';
import { parseCommandArgs } from '../args.js';
import { fsMessage } from '../../files.js';
import { RELEASE_LINES, compareVersions, parseVersion, type Version } from '../../releases/lines.js';
import { NEWEST_RELEASE, parseRelease, RELEASES, type Release } from '../../releases/index.js';
import { decodeBytes } from '../../source/index.js';

const HELP = `Usage: sgconf plan <config> --from <version> --to <version> [--format markdown|json]

Prints an ordered upgrade runbook for this config and version pair: each step with the evidence from the
config, the commands or admin-API calls to run, and what to check before the next step.
Environment references are expanded as the gateway expands them; evidence quotes them as written.

Options:
  --from <version>          the Sync Gateway version the nodes run now (x.y or x.y.z)
  --to <version>            the version to upgrade to (later than --from)
  --format markdown|json    output format (default markdown)
  --no-env                  do not expand environment references (\${VAR}) before reading the config
  --pass-env NAME           let $NAME expand from this process's environment (repeatable); no other
                            variable of the machine is read (docs/security.md)

Known release lines: ${RELEASE_LINES.join(', ')}.
Exit status: 0 plan printed; 1 the config has errors that block the upgrade (printed); 2 misuse.
`;

function version(option: string, text: string | undefined): Version {
  if (text === undefined) throw new UsageError(`${option} <version> is required`);
  const parsed = parseVersion(text);
  if (!parsed) throw new UsageError(`unknown version "${text}" for ${option} (known release lines: ${RELEASE_LINES.join(', ')})`);
  return parsed;
}

export async function run(args: string[], io: CliIO): Promise<number> {
  const parsed = parseCommandArgs(args, {
        from: { type: 'string' }, to: { type: 'string' },
        format: { type: 'string', default: 'markdown' },
        'no-env': { type: 'boolean' },
        'pass-env': { type: 'string', multiple: true },
      }, HELP, io);
  if (!parsed) return 0;
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'a config file is required' : 'exactly one config file is expected');
  const format = values.format;
  if (format !== 'markdown' && format !== 'json') throw new UsageError(`unknown format "${format}" (markdown or json)`);
  const from = version('--from', values.from);
  const to = version('--to', values.to);
  if (compareVersions(to, from) <= 0) throw new UsageError(`--to ${to.text} must be later than --from ${from.text}`);

  const file = positionals[0];
  const { renderBlocked, renderJson, renderMarkdown } = await import('../../plan/render.js');
  const blocked = (message: string): number => {
    io.stdout(renderBlocked(file, [{ rule: 'source/unreadable', severity: 'error', message, pointer: '', line: 1, column: 1, endLine: 1, endColumn: 1 }], format));
    return 1;
  };
  // The settings of the nearest tool config above the file, as lint takes them (its env files, sources,
  // rules and allowed paths); the release is --to's (as --target, it wins over an override's), and plan
  // fetches nothing.
  const settings = await toolSettings(io, { 'pass-env': values['pass-env'], 'no-env': values['no-env'], 'no-remote': true, target: lintTarget(to) });
  const lint = { ...(await settings.settingsFor(file)).options, cwd: io.cwd, remote: false };
  const problem = settings.problems().flatMap((r) => r.diagnostics.map((d) => `${r.file}:${d.line}:${d.column}: ${d.message}`))[0];
  if (problem !== undefined) return blocked(`the tool config or an env file it names has an error: ${problem}`);
  // plan takes no --host or --allow-path: it reads the repository's files (and the tool config's allowPaths).
  const scope = lint.scope ?? readScope(io.cwd, [], false);
  let bytes: Uint8Array;
  try {
    bytes = await readRegularFile(path.resolve(io.cwd, file), MAX_CONFIG_BYTES, scope);
  } catch (error) {
    return blocked(`cannot read the file: ${fsMessage(error)}`);
  }
  // Binary or non-UTF-8 content is refused as lint refuses it, not parsed as garbled text.
  const decoded = decodeBytes(bytes);
  if (decoded.text === null) return blocked(decoded.diagnostics[0]?.message ?? 'the file is not text');
  const { makePlan } = await import('../../plan/make.js');
  const outcome = await makePlan(decoded.text, file, { from, to, lint: { ...lint, scope } });
  if (!outcome.ok) {
    io.stdout(renderBlocked(file, outcome.blocking, format));
    return 1;
  }
  io.stdout(format === 'json' ? renderJson(outcome.plan) : renderMarkdown(outcome.plan));
  return 0;
}

/**
 * The release the config's findings are judged for: --to's line, or for a 1.x upgrade (the view pre-build
 * of 1.4 to 1.5 among them) the oldest release lint judges, whose reading of a config is the nearest.
 */
function lintTarget(to: Version): Release {
  const release = parseRelease(to.text);
  if (release) return release;
  return compareVersions(to, parseVersion(RELEASES[0])!) < 0 ? RELEASES[0] : NEWEST_RELEASE;
}
