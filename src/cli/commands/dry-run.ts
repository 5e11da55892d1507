// sgconf dry-run <config> --doc <file|->: one document through a database's sync function (or import
// filter), offline, answered as the gateway's dry-run endpoint answers.
import { jsonText } from '../../messages.js';
import * as path from 'node:path';
import { frameReader, UsageError, type CliIO } from '../io.js';
import { parseCommandArgs, timeZoneOption, useColor, wholeNumberOption } from '../args.js';
import { DEPLOYMENT_OPTIONS, toolSettings, trustOptionsHelp } from '../tool-options.js';
import { analyzeFile } from '../../files.js';
import { summarize } from '../../lint.js';
import type { Release } from '../../releases/index.js';
import { formatReport } from '../../report/index.js';
import { selectFunction } from '../../sync/select.js';
import { SandboxPool } from '../../sync/pool.js';
import { placeOutcomes, runRequests } from '../../sync/run.js';
import { hasDryRunEndpoint } from '../../releases/sync-runner.js';
import { readDocumentFile, splitList } from '../documents.js';
import { MAX_KEY_ORDERS } from '../../sgtest/file.js';
import { functionPlacer } from '../../sgtest/function-places.js';
import type { SyncRequest } from '../../sync/gateway.js';

export const DRY_RUN_USAGE = `Usage: sgconf dry-run <config> --doc <file|-> [options]

Runs one document through a database's sync function (or its import filter) offline, as the target
release runs it, and prints the answer of the gateway's dry-run endpoint (POST /{keyspace}/_sync or
/_import_filter) as one JSON object.

Options:
  --doc FILE|-            the new revision's body (JSON or YAML; - reads standard input)
  --old-doc FILE          the current revision's body (absent: a new document)
  --user NAME             the writing user (absent: an admin write, every require* passes)
  --roles A,B             the user's roles
  --channels X,Y          the channels the user can access
  --xattrs FILE           meta.xattrs: an object with the database's user_xattr_key as its one key
  --db NAME               which database of a legacy config (required when it has several)
  --collection S.C        which collection's function (default: the default collection)
  --import-filter         run the import filter instead
  --tz ZONE               the gateway host's time zone, the function's local time (an IANA name;
                          default UTC)
  --target VERSION        the Sync Gateway release (default 4.1)
  --env-file FILE         dotenv file of the deployment's variables (repeatable)
  --host                  this machine is the gateway host: absolute paths must exist here
${trustOptionsHelp(26)}
  --no-env                do not expand environment variables
  --no-remote             never fetch http(s):// function sources
  --config FILE           use this sgconf tool config instead of searching for one
  -h, --help              show this help

Exit status: 0 the function ran (a rejection is a result), 1 the config or function has an error that
stops the gateway loading it (printed on standard error), 2 misuse.`;

export async function run(args: string[], io: CliIO): Promise<number> {
  const parsed = parseCommandArgs(args, {
    doc: { type: 'string' },
    'old-doc': { type: 'string' },
    user: { type: 'string' },
    roles: { type: 'string' },
    channels: { type: 'string' },
    xattrs: { type: 'string' },
    db: { type: 'string' },
    collection: { type: 'string' },
    'import-filter': { type: 'boolean', default: false },
    tz: { type: 'string' },
    'key-orders': { type: 'string' },
    'no-remote': { type: 'boolean', default: false },
    'no-env': { type: 'boolean', default: false },
    config: { type: 'string' },
    ...DEPLOYMENT_OPTIONS,
  }, DRY_RUN_USAGE, io);
  if (!parsed) return 0;
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'no config given: name the config whose function runs' : `one config at a time (got ${positionals.length})`);
  timeZoneOption(values.tz);
  const keyOrders = wholeNumberOption('--key-orders', values['key-orders'], MAX_KEY_ORDERS, 'orders') ?? 1;
  if (values.doc === undefined) throw new UsageError('no document given: --doc FILE (or - for standard input)');
  if (values.user === undefined && (values.roles !== undefined || values.channels !== undefined)) throw new UsageError('--roles and --channels describe a user: give --user too');

  const configFile = positionals[0]!;
  // The config is read with the settings of the nearest tool config above it, as lint judges it.
  const settings = await toolSettings(io, values);
  const options = (await settings.settingsFor(configFile)).options;
  const scope = options.scope!;
  const doc = readDocumentFile(values.doc, io, '--doc', scope);
  const request: SyncRequest = {
    doc,
    ...(values['old-doc'] !== undefined ? { oldDoc: readDocumentFile(values['old-doc'], io, '--old-doc', scope) } : {}),
    ...(values.user !== undefined ? { user: { name: values.user, roles: splitList(values.roles), channels: splitList(values.channels) } } : {}),
    ...(values.xattrs !== undefined ? { xattrs: readDocumentFile(values.xattrs, io, '--xattrs', scope) } : {}),
  };
  // Only the config's errors stop a dry run: a quiet lint.
  const analyzed = await analyzeFile(configFile, { ...options, cwd: io.cwd, quiet: true });
  // An override of the tool config may judge the config for another release: the function runs as that one.
  const target = (analyzed.result.target as Release | undefined) ?? options.target;
  const errors = analyzed.result.diagnostics.filter((d) => d.severity === 'error');
  const problems = settings.problems();
  if (errors.length > 0 || problems.length > 0) {
    const report = summarize([...problems, { ...analyzed.result, diagnostics: errors }], target);
    io.stderr(await formatReport(report, 'stylish', { cwd: io.cwd, color: false, readSource: frameReader(io.cwd, options.scope, [configFile]) }));
    return 1;
  }
  const role = values['import-filter'] ? 'import_filter' : 'sync';
  const selection = selectFunction(analyzed, { role, database: values.db, collection: values.collection });
  if (!selection.ok) throw new UsageError(`${path.relative(io.cwd, path.resolve(io.cwd, configFile)) || configFile}: ${selection.problem}`);

  const pool = new SandboxPool(1);
  pool.runHereFirst();
  try {
    // Releases with the endpoint answer as it does; older ones as a real write would run.
    const callPath = hasDryRunEndpoint(target) ? 'endpoint' : 'write';
    const ran = await runRequests(pool, selection.choice, target, callPath, [request], undefined, values.tz, { keyOrders });
    if (!ran.ok) {
      io.stderr(`sgconf dry-run: the ${role === 'sync' ? 'sync function' : 'import filter'} cannot be run: ${ran.message}\n`);
      return 1;
    }
    const outcome = ran.outcomes[0]!;
    if (outcome.kind === 'refused') {
      io.stderr(`sgconf dry-run: the gateway refuses this request (${outcome.refusal.status}): ${outcome.refusal.message}\n`);
      return 2;
    }
    io.stdout(`${jsonText(outcome.answer, useColor(io) ? 2 : undefined)}\n`);
    // The answer names no place; where the function threw, or called what rejected the write, goes beside it.
    const [placed] = await placeOutcomes(pool, selection.choice, target, callPath, [request], [outcome], undefined, values.tz);
    const placeInFile = functionPlacer(analyzed.functions, selection.choice.pointer, path.resolve(io.cwd, configFile), io.cwd);
    const what = role === 'sync' ? 'sync function' : 'import filter';
    const sites = placed && placed.kind !== 'refused' ? [[placed.thrownAt, 'threw'], [placed.refusedAt, 'rejected the document']] as const : [];
    for (const [at, did] of sites) {
      const where = at !== undefined ? placeInFile(at) : null;
      if (where) io.stderr(`sgconf dry-run: the ${what} ${did} at ${where.file}:${where.line}:${where.column}\n`);
    }
    // The gateway enumerates a document's keys in Go's random order: every answer another order gives.
    for (const variant of outcome.orderVariants ?? []) {
      if (variant.kind === 'refused') continue;
      io.stderr(`sgconf dry-run: under another order of the document's keys (random on the gateway) the answer is ${jsonText(variant.answer)}\n`);
    }
    return 0;
  } finally {
    await pool.close();
  }
}
