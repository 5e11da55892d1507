// What every command that lints takes from the tool config and the shared options: the target release
// and the deployment (env files, host mode), remote fetching, rule settings.
import * as path from 'node:path';
import { NotReadError, readRegularFileSync } from '../fs-async.js';
import type { LintOptions } from '../lint.js';
import { findConfigFiles, TEST_FILE, type FileSelection } from '../files.js';
import { ignoreMatcher } from '../globs.js';
import { findToolConfigFile, loadToolConfig, toolConfigName, type LoadedToolConfig, type Override } from '../config/index.js';
import { deploymentEnvironment, parseEnvFile } from '../config/env-file.js';
import { UsageError, type CliIO } from './io.js';
import { parseHostEntry } from '../functions/hosts.js';
import { notUtf8 } from '../source/index.js';
import { LINK_OUTSIDE_REPOSITORY, mayRead, mayReadNamed, OUTSIDE_REPOSITORY, readScope, type ReadScope } from '../read-scope.js';
import { resolveTarget } from './args.js';
import type { Release } from '../releases/index.js';
import type { FileResult } from '../types.js';

/** The options of lint, convert and build that say which release and which deployment a config is for. */
export const DEPLOYMENT_OPTIONS = {
  target: { type: 'string' },
  'env-file': { type: 'string', multiple: true },
  // --env-file as bin/sgconf.js hands it over (renamed so that Node 20 does not read it itself).
  'sgconf-env-file': { type: 'string', multiple: true },
  host: { type: 'boolean' },
  'pass-env': { type: 'string', multiple: true },
  'allow-host': { type: 'string', multiple: true },
  'allow-path': { type: 'string', multiple: true },
  'js-config': { type: 'boolean' },
} as const;

export interface SharedOptionValues {
  target?: string;
  'env-file'?: string[];
  'sgconf-env-file'?: string[];
  host?: boolean;
  'no-remote'?: boolean;
  'pass-env'?: string[];
  'no-env'?: boolean;
  'allow-host'?: string[];
  'allow-path'?: string[];
  'js-config'?: boolean;
}

/** The help of the options that open what sgconf may reach (docs/security.md), in each command's columns. */
const TRUST_HELP: readonly (readonly [string, string])[] = [
  ['--pass-env NAME', 'let $NAME expand from this process\'s environment (repeatable); no other variable of the machine is read'],
  ['--allow-host HOST', 'fetch remote function sources from this host, or host:port (repeatable); no other host is asked'],
  ['--allow-path PATH', 'a file or folder outside the repository that configs may name (repeatable); read, never quoted'],
  ['--js-config', 'run a JavaScript tool config (.sgconfrc.js ...); also SGCONF_JS_CONFIG=1'],
];

/** Those options' lines of a usage text, the descriptions starting at `column`; `without` leaves some out. */
export function trustOptionsHelp(column: number, without: readonly string[] = []): string {
  const lines: string[] = [];
  for (const [option, text] of TRUST_HELP) {
    if (without.some((w) => option.startsWith(w))) continue;
    let line = `  ${option}`.padEnd(column);
    for (const word of text.split(' ')) {
      if (line.length + word.length > 106 && line.trim().length > option.length) {
        lines.push(line.trimEnd());
        line = ' '.repeat(column);
      }
      line += `${line.endsWith(' ') ? '' : ' '}${word}`;
    }
    lines.push(line.trimEnd());
  }
  lines.push(`${' '.repeat(column)}(what a pull request can make sgconf reach: docs/security.md)`);
  return lines.join('\n');
}

/** The tool config (`--config`, else the nearest one); a JavaScript one runs only when asked for. */
export function toolConfigFor(io: CliIO, values: SharedOptionValues & { config?: string }): Promise<LoadedToolConfig> {
  return loadToolConfig(io.cwd, values.config, { allowJs: values['js-config'] === true || jsToolConfigAllowed(io.env) });
}

/** The folder a tool config's globs and paths are relative to (`fallback` when there is no tool config). */
export function toolConfigFolder(tool: LoadedToolConfig, fallback: string): string {
  return tool.filepath ? path.dirname(tool.filepath) : fallback;
}

/**
 * The folder search for the tool config's `sources` (build with no path; the configs that may name a
 * function file): the tool config's folder, taking the JSON and YAML files its globs name, test files
 * aside. null when it names none.
 */
export function sourcesSearch(tool: LoadedToolConfig, cwd: string): { paths: string[]; accept: (file: string) => boolean } | null {
  if (tool.config.sources.length === 0) return null;
  const base = toolConfigFolder(tool, cwd);
  const inSources = ignoreMatcher(tool.config.sources, base, cwd);
  return { paths: [path.relative(cwd, base) || '.'], accept: (file) => /\.(json|ya?ml)$/i.test(file) && !TEST_FILE.test(file) && inSources(file) };
}

/** A function file by its name (`orders-sync.js`): JavaScript that is not a tool config (`sgconf.config.js`). */
export function isFunctionFileName(file: string): boolean {
  return /\.js$/i.test(file) && toolConfigName(path.basename(file)) === null;
}

/**
 * The configs that may name these function files, as `sgconf lint <file>.js` and the editor read them:
 * those the tool config's `sources` name, else those under each function file's folder.
 */
export async function configsNamingFunctionFiles(tool: LoadedToolConfig, functionFiles: readonly string[], cwd: string, scope: ReadScope | undefined): Promise<string[]> {
  const sources = sourcesSearch(tool, cwd);
  const searched = sources?.paths ?? [...new Set(functionFiles.map((file) => path.dirname(file)))];
  return (await findConfigFiles(searched, cwd, undefined, sources?.accept, scope)).filter((t) => !t.error).map((t) => t.file);
}

/** The tool config that applies to one file, and what it gives: lint options, the folder search's globs. */
export interface FileSettings {
  tool: LoadedToolConfig;
  options: Deployment['options'];
  selection: FileSelection;
}

/** A tool config's settings, with the command line's options winning, and the problems of reading them. */
export function settingsOf(tool: LoadedToolConfig, values: SharedOptionValues, cwd: string, processEnv: Record<string, string | undefined> | null): { settings: FileSettings; problems: FileResult[] } {
  const deployment = deploymentFrom(tool, values, cwd, processEnv);
  const selection = { ignore: tool.config.ignore, include: tool.config.include, base: toolConfigFolder(tool, cwd) };
  return { settings: { tool, options: deployment.options, selection }, problems: deployment.problems };
}

/** A command's settings: its own tool config's, and each file's. */
export interface ToolSettings {
  /** The tool config found from the working directory (or --config). */
  run: FileSettings;
  /**
   * A file's: those of the nearest tool config above it (as ESLint, Prettier and the language server find
   * it), so that CI, the hooks and the editor give one verdict; the run's when that is the nearest, and
   * always with --config. The command line's options win in each.
   */
  settingsFor: (file: string) => Promise<FileSettings>;
  /** The problems of the run's tool config and env files, then of those found for files so far, each once. */
  problems: () => FileResult[];
}

export async function toolSettings(io: CliIO, values: SharedOptionValues & { config?: string }): Promise<ToolSettings> {
  const allowJs = values['js-config'] === true || jsToolConfigAllowed(io.env);
  const processEnv = values['no-env'] ? null : io.env;
  const own = settingsOf(await loadToolConfig(io.cwd, values.config, { allowJs }), values, io.cwd, processEnv);
  const run = own.settings;
  const problems = [...own.problems];
  const loaded = new Map<string, Promise<FileSettings>>();
  const nearestIn = new Map<string, string | null>();
  const settingsFor = async (file: string): Promise<FileSettings> => {
    if (values.config !== undefined) return run;
    const folder = path.dirname(path.resolve(io.cwd, file));
    let nearest = nearestIn.get(folder);
    if (nearest === undefined) nearestIn.set(folder, nearest = findToolConfigFile(folder));
    if (nearest === null || nearest === run.tool.filepath) return run;
    let settings = loaded.get(nearest);
    if (!settings) {
      settings = loadToolConfig(path.dirname(nearest), undefined, { allowJs }).then((tool) => {
        const found = settingsOf(tool, values, io.cwd, processEnv);
        problems.push(...found.problems);
        return found.settings;
      });
      loaded.set(nearest, settings);
    }
    return settings;
  };
  return { run, settingsFor, problems: () => problems };
}

/** SGCONF_JS_CONFIG=1 in the environment allows a JavaScript tool config, as --js-config does. */
export function jsToolConfigAllowed(env: Record<string, string | undefined>): boolean {
  return env.SGCONF_JS_CONFIG === '1';
}

export interface Deployment {
  options: LintOptions & { target: Release };
  /** The tool config's problems and the lines of env files that are not NAME=value, each a file's result. */
  problems: FileResult[];
}

/**
 * The named variables of the process environment (those that are set): all `$VAR` may take of the machine
 * that runs sgconf, so that no other variable (a CI runner's tokens) reaches a function, an output or a
 * request (docs/security.md).
 */
export function passedVariables(processEnv: Record<string, string | undefined>, names: readonly string[]): Record<string, string> {
  const passed: Record<string, string> = {};
  for (const name of names) {
    const value = processEnv[name];
    if (value !== undefined) passed[name] = value;
  }
  return passed;
}

/**
 * Lint options from the tool config, with the command line winning over it. `processEnv` is the process
 * environment (null: no expansion): `$VAR` expands from the tool config's `env`, the variables of it named
 * with --pass-env or passEnv, and the env files, which declare the deployment's variables.
 */
export function deploymentFrom(tool: LoadedToolConfig, values: SharedOptionValues, cwd: string, processEnv: Record<string, string | undefined> | null, oldestTarget?: Release): Deployment {
  const config = tool.config;
  const passed = processEnv === null ? {} : passedVariables(processEnv, [...config.passEnv, ...(values['pass-env'] ?? [])]);
  const baseEnv = processEnv === null ? null : { ...passed, ...config.env };
  const host = values.host ?? config.host ?? false;
  const scope = readScope(cwd, [...config.allowPaths, ...(values['allow-path'] ?? [])], host);
  // The command line's env files are the user's; the tool config's come with the repository.
  const named = [...(values['env-file'] ?? []), ...(values['sgconf-env-file'] ?? [])].map((f) => path.resolve(cwd, f));
  for (const file of named) {
    if (!mayReadNamed(file, scope)) throw new UsageError(`the env file ${path.relative(cwd, file) || file}: ${LINK_OUTSIDE_REPOSITORY}`);
  }
  // The tool config's own problems come first: every command reports them, as lint does.
  const problems: FileResult[] = tool.problems ? [tool.problems] : [];
  const environment = (envFiles: readonly string[]) => {
    const declared: Map<string, string>[] = [];
    for (const file of envFiles) {
      if (!mayRead(file, scope) && !named.includes(file)) throw new UsageError(`the env file ${file} (tool config envFiles): ${OUTSIDE_REPOSITORY}`);
      const parsed = readEnvFile(file, cwd);
      declared.push(parsed.values);
      if (parsed.problem && !problems.some((p) => p.file === parsed.problem!.file)) problems.push(parsed.problem);
    }
    return baseEnv === null ? null : deploymentEnvironment(baseEnv, declared);
  };
  const deployment = environment([...config.envFiles, ...named]);
  // An override's env files stand for the tool config's, for its files; the command line's are added to both.
  const overrideDeployment = (o: Override) => {
    if (o.envFiles === undefined) return {};
    const own = environment([...o.envFiles, ...named]);
    return { deployment: { env: own?.env ?? null, placeholders: own?.placeholders } };
  };
  return {
    problems,
    options: {
      target: resolveTarget(values.target, config.target, oldestTarget),
      env: deployment?.env ?? null,
      placeholders: deployment?.placeholders,
      host,
      scope,
      remote: values['no-remote'] ? false : (config.remote ?? true),
      remoteHosts: [...config.remoteHosts, ...allowedHostsOption(values['allow-host'])],
      secretValues: Object.values(passed),
      rules: config.rules,
      caFiles: config.caFiles,
      remoteTimeoutMs: config.remoteTimeoutMs,
      settings: config.edition ? { edition: config.edition } : undefined,
      sources: { globs: config.sources, base: toolConfigFolder(tool, cwd) },
      // --target on the command line wins over an override's target.
      overrides: {
        base: toolConfigFolder(tool, cwd),
        entries: config.overrides.map((o) => ({ files: o.files, rules: o.rules, ...(values.target === undefined && o.target ? { target: o.target } : {}), ...overrideDeployment(o) })),
      },
    },
  };
}

/** `--allow-host` entries, each a host name or address with an optional port. */
function allowedHostsOption(entries: readonly string[] | undefined): string[] {
  for (const entry of entries ?? []) {
    if (!parseHostEntry(entry)) throw new UsageError(`--allow-host ${JSON.stringify(entry)}: give a host name or address, optionally with :port (no scheme, no path)`);
  }
  return [...(entries ?? [])];
}

/** Env files are read as configs are: a regular file (a FIFO or /dev/zero would never end), size-capped, UTF-8. */
const MAX_ENV_FILE_BYTES = 1024 * 1024;

/** One env file's variables, and its lines that are not NAME=value as a file's result (config/env-file). */
function readEnvFile(file: string, cwd: string): { values: Map<string, string>; problem?: FileResult } {
  const shown = path.relative(cwd, file) || file;
  const checked = checkEnvFileText(readEnvFileText(file, shown), shown);
  return checked.result.diagnostics.length === 0 ? { values: checked.values } : { values: checked.values, problem: checked.result };
}

/** An env file's text as a file's result: its lines that are not NAME=value (config/env-file). */
export function checkEnvFileText(text: string, shown: string): { values: Map<string, string>; result: FileResult } {
  const parsed = parseEnvFile(text);
  return {
    values: parsed.values,
    result: {
      file: shown, kind: null,
      diagnostics: parsed.problems.map((p) => ({ rule: 'config/env-file', severity: 'error', message: p.message, pointer: '', line: p.line, column: p.column, endLine: p.line, endColumn: p.column })),
    },
  };
}

/** Whether a file is an env file that a tool config (its envFiles, an override's) or --env-file reads. */
export function readsEnvFile(tool: LoadedToolConfig, values: SharedOptionValues, cwd: string, file: string): boolean {
  const absolute = path.resolve(cwd, file);
  const named = [...(values['env-file'] ?? []), ...(values['sgconf-env-file'] ?? [])].map((f) => path.resolve(cwd, f));
  return [...tool.config.envFiles, ...tool.config.overrides.flatMap((o) => o.envFiles ?? []), ...named].includes(absolute);
}

function readEnvFileText(file: string, shown: string): string {
  const refuse = (why: string) => new UsageError(`cannot read the env file ${shown}: ${why}`);
  let bytes: Buffer;
  try {
    bytes = readRegularFileSync(file, MAX_ENV_FILE_BYTES);
  } catch (error) {
    // The reader's own reasons (a folder, a device, too large) say it; others by their code.
    const code = (error as NodeJS.ErrnoException).code;
    throw refuse(error instanceof NotReadError ? error.message : code === 'ENOENT' ? 'no such file' : code ?? String(error));
  }
  const invalid = notUtf8(bytes);
  if (invalid) throw refuse(`not UTF-8 text (byte ${invalid.byte} at line ${invalid.line}, column ${invalid.column})`);
  // (A byte order mark stays in the text: parseEnvFile trims it off the start of the first line.)
  return bytes.toString('utf8');
}
