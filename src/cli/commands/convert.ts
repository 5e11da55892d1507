// sgconf convert <legacy-config> --out <dir> | --in-place: one-way conversion of a legacy config.
import path from 'node:path';
import { UsageError, type CliIO, type Prompt } from '../io.js';
import { COLOR_OPTIONS, parseCommandArgs, useColor } from '../args.js';
import { DEPLOYMENT_OPTIONS, deploymentFrom, trustOptionsHelp, toolConfigFor } from '../tool-options.js';
import { convertFile } from '../../convert/run.js';
import { conversionSummary, dryRunListing, formatDiagnostics, toReport, type ReportFormat } from '../../convert/report.js';
import { writeInPlace, writeToDirectory, WriteError } from '../../convert/writer.js';
import { writeRefusal } from '../../write-scope.js';
import { decisionsFromValue, isTaken, parseDecide, pendingDecisionsText, type Decision } from '../../convert/decisions.js';
import { MAX_CONFIG_BYTES, readRegularFileSync } from '../../fs-async.js';
import { fsMessage } from '../../files.js';
import { closestMatch } from '../../distance.js';
import type { ReadScope } from '../../read-scope.js';
import { isMap as isYamlMap, isScalar, parseDocument as parseYamlDocument, YAMLError } from 'yaml';

export const USAGE = `Usage: sgconf convert <legacy-config> (--out <dir> | --in-place) [options]

Converts a legacy (2.x) config into a 3.x bootstrap config, one database config per database
(databases/<db>.json, for PUT /{db}/), the users and roles of each database (principals/<db>.json)
and load.sh, which creates them on the new gateway. Where the conversion needs a choice only you can
make, one run lists every such decision; take them with --decide, --decisions or --interactive.
Nothing is written when the config has errors or a decision is not taken.

Options:
  --out <dir>            write into <dir> (missing or empty unless --force)
  --in-place             back the original up as <name>-backup-<unix seconds><ext>, replace it with
                         the bootstrap config, and write databases/ and principals/ beside it
  --dry-run              write nothing; print what would be written (secrets redacted)
  --force                allow a non-empty --out directory and overwriting output files
  --decide ID=CHOICE     take a decision the conversion asks (repeatable; wins over --decisions)
  --decisions FILE       take decisions from a YAML or JSON object of id to choice (a decisions.json
                         that an earlier conversion wrote is one)
  --interactive          on a terminal, ask each decision not yet taken
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
  --config FILE          use this sgconf tool config instead of searching for one
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
        config: { type: 'string' },
        'expand-env': { type: 'boolean' },
        format: { type: 'string' },
        'no-remote': { type: 'boolean' },
        decide: { type: 'string', multiple: true },
        decisions: { type: 'string' },
        interactive: { type: 'boolean' },
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
  if (!dryRun) {
    const refusal = writeRefusal(inPlace ? path.dirname(positionals[0] ?? '.') : values.out!, io.cwd, true);
    if (refusal) throw new UsageError(refusal);
  }

  const tool = await toolConfigFor(io, values);
  const deployment = deploymentFrom(tool, values, io.cwd, values['expand-env'] ? io.env : null, '3.0');
  const { env: expandEnv, ...lint } = deployment.options;
  const problems = [...deployment.problems];
  const input = positionals[0];
  const inputPath = path.resolve(io.cwd, input);
  const taken = takenDecisions(values.decide ?? [], values.decisions, io, lint.scope);
  const interactive = values.interactive ?? false;
  if (interactive && (!io.prompt || format === 'json')) throw new UsageError(format === 'json' ? '--interactive cannot be combined with --format json' : '--interactive needs a terminal (standard input is not one)');
  const convert = () => convertFile(inputPath, { cwd: io.cwd, groupId: values['group-id'], expandEnv: expandEnv ?? undefined, lint, decisions: taken });
  let outcome = await convert();
  refuseUnknownChoices(outcome.conversion?.decisions ?? []);
  // Interactive: ask what is pending, then convert again with the answers (a choice never asks a new decision).
  const pending = () => (outcome.conversion?.decisions ?? []).filter((d) => !isTaken(d));
  if (interactive && pending().length > 0) {
    const prompt = await io.prompt!();
    try {
      for (const decision of pending()) {
        const answer = await askDecision(decision, io, prompt);
        if (answer === null) {
          io.stderr('sgconf convert: input ended before every decision was taken; nothing was written\n');
          return 1;
        }
        taken.set(decision.id, answer);
      }
    } finally {
      prompt.close();
    }
    outcome = await convert();
  }
  outcome.result.file = input;
  const report = toReport([...problems, outcome.result], outcome.target);
  const diagnosticsText = await formatDiagnostics(report, format, {
    color: useColor(io, values), cwd: io.cwd, readSource: (f) => (f === input ? outcome.sourceText ?? null : null),
  });
  if (!outcome.ok || !outcome.conversion || problems.length > 0) {
    io.stdout(diagnosticsText);
    if (format === 'stylish') {
      const text = pendingDecisionsText(pending());
      io.stdout(`${text ? `\n${text}` : ''}\n${input} was not converted; nothing was written.\n`);
    }
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
    io.stdout('\n' + conversionSummary(input, target, outcome.target, outcome.conversion, outcome.files, 'dry-run'));
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
  io.stdout(conversionSummary(input, target, outcome.target, outcome.conversion, outcome.files, inPlace ? 'in-place' : 'out', backup && path.relative(io.cwd, backup)));
  return 0;
}

/** The choices given: --decisions FILE, then each --decide (which wins). */
function takenDecisions(decide: readonly string[], file: string | undefined, io: CliIO, scope: ReadScope | undefined): Map<string, string> {
  const taken = new Map<string, string>();
  if (file !== undefined) {
    let value: unknown;
    try {
      value = readDecisionsFile(readRegularFileSync(path.resolve(io.cwd, file), MAX_CONFIG_BYTES, scope).toString('utf8'));
    } catch (error) {
      throw new UsageError(`--decisions ${file}: ${error instanceof YAMLError ? error.message.split('\n')[0] : error instanceof DuplicateDecision ? error.message : fsMessage(error)}`);
    }
    const read = decisionsFromValue(value);
    if (typeof read === 'string') throw new UsageError(`--decisions ${file}: ${read}`);
    for (const [id, choice] of read) taken.set(id, choice);
  }
  const fromFlags = new Map<string, string>();
  for (const text of decide) {
    const pair = parseDecide(text);
    if (!pair) throw new UsageError(`--decide ${text}: write it as <decision>=<choice>, for example --decide server-tls=tls`);
    const [id, choice] = pair;
    if (fromFlags.has(id) && fromFlags.get(id) !== choice) throw new UsageError(`--decide ${id} is given twice, as "${fromFlags.get(id)}" and "${choice}"`);
    fromFlags.set(id, choice);
  }
  for (const [id, choice] of fromFlags) taken.set(id, choice);
  return taken;
}

class DuplicateDecision extends Error {}

/**
 * A decisions file's value (JSON or YAML). The yaml library's own check of repeated keys compares each key
 * with every other (40,000 ids took 13 s): the keys of the top mapping are checked here, in one pass.
 */
function readDecisionsFile(text: string): unknown {
  const document = parseYamlDocument(text, { uniqueKeys: false });
  if (document.errors.length > 0) throw document.errors[0]!;
  if (isYamlMap(document.contents)) {
    const seen = new Set<unknown>();
    for (const { key } of document.contents.items) {
      const id = isScalar(key) ? key.value : key;
      if (seen.has(id)) throw new DuplicateDecision(`the decision ${JSON.stringify(String(id))} is given twice`);
      seen.add(id);
    }
  }
  return document.toJS();
}

/** A choice that is not one of its decision's is misuse (exit 2), with the choices there are. */
function refuseUnknownChoices(decisions: readonly Decision[]): void {
  for (const d of decisions) {
    if (d.taken === undefined || isTaken(d)) continue;
    const near = closestMatch(d.taken, d.choices.map((c) => c.id));
    throw new UsageError(`decision ${d.id} has no choice "${d.taken}"${near ? ` (did you mean "${near}"?)` : ''}; its choices: ${d.choices.map((c) => c.id).join(', ')}`);
  }
}

/** Asks one decision on the terminal until the answer is one of its choices (by id or number); null when input ends. */
async function askDecision(decision: Decision, io: CliIO, prompt: Prompt): Promise<string | null> {
  io.stdout(`\n${decision.id}: ${decision.question}\n`);
  decision.choices.forEach((c, i) => io.stdout(`  ${i + 1}. ${c.id}: ${c.effect}\n`));
  for (;;) {
    const answer = await prompt.ask(`Choice (1-${decision.choices.length} or its name): `);
    if (answer === null) return null;
    const text = answer.trim();
    const byNumber = /^\d+$/.test(text) ? decision.choices[Number(text) - 1] : undefined;
    const choice = byNumber ?? decision.choices.find((c) => c.id === text);
    if (choice) return choice.id;
    io.stdout(`"${text}" is not one of the choices.\n`);
  }
}
