// Resolve every function source like the gateway (reference 6.3): URL prefix, else an existing file, else
// inline. Then parse it (parse.ts) and turn problems into diagnostics at the original bytes.
import { readRegularFile, stat } from '../fs-async.js';
import * as path from 'node:path';
import { getAtPointer, isObject, joinPointer, type JsonValue, type Kind, type RawDiagnostic, type Severity } from '../types.js';
import { functionDiagnostic } from './diagnostic.js';
import { hostRefusal } from './hosts.js';
import { insideRepository, mayRead, OUTSIDE_REPOSITORY, type ReadScope } from '../read-scope.js';
import { withoutCredentials } from './handlers.js';
import type { FetchResult } from './fetch.js';
import { parseFunctionSource, reconcileWithOtto } from './parse.js';
import type { OttoSyntaxCheck } from './otto-syntax.js';
import { describeFunction, roleName } from './roles.js';
import type { FunctionRole, FunctionSite, ResolvedFunction, SourcePosition } from './types.js';
import { NEWEST_RELEASE, type Release } from '../releases/index.js';
import { uncompilableOutcome } from '../releases/function-compiling.js';
import { READING, readsFunctionSources } from '../releases/reading.js';

export interface ResolveOptions {
  /** The gateway's working directory (relative paths resolve here). */
  cwd: string;
  /** Folder of the config file (to say "exists only relative to the config file"). */
  configDir: string;
  /** false: no request, an info diagnostic instead. */
  remote: boolean;
  /** Where files named by the config may be read from (absent: anywhere). */
  scope?: ReadScope;
  /** Hosts remote sources may come from (--allow-host, remoteHosts): no other is asked. */
  allowedHosts: readonly string[];
  /** Whether the string at a pointer holds an expanded environment variable (such a URL is never fetched). */
  holdsExpansion?: (pointer: string, length: number) => boolean;
  /** Time limit of one URL fetch, redirects included (ms). */
  timeoutMs: number;
  /** Extra CA PEM files trusted for https (tool config `caFiles`). */
  caFiles: string[];
  /** build: file/url sources in a database config are expected (they get inlined). */
  purpose: 'lint' | 'build';
  /** This machine is the gateway host: an absolute path that does not exist here is an error (else an info). */
  host: boolean;
  /** One fetch per URL per run (shared across files). */
  fetchCache: Map<string, Promise<unknown>>;
  /** otto's verdict on a source (the gateway parses with it): absent, acorn's alone. */
  ottoSyntax?: OttoSyntaxCheck;
  /** The release the findings are about (what it does with a function it cannot compile); absent: the newest. */
  target?: Release;
  /** The config is a legacy file that the target upgrades automatically (its databases are stored unvalidated). */
  upgraded?: boolean;
  /** Function files open in an editor, by absolute path: their unsaved text is read instead of the disk's. */
  openFiles?: ReadonlyMap<string, string>;
  /** Called with each function as soon as it is parsed; its result replaces the function (the pipeline
   * runs the per-function rules here and lets the syntax tree go, so that trees never pile up). */
  onParsed?: (fn: ResolvedFunction) => ResolvedFunction;
}

/** Function files larger than this are not read (the gateway's own remote limit is far below it). */
const MAX_FUNCTION_FILE_BYTES = 16 * 1024 * 1024;

/** Maps index i of the decoded string at a canonical pointer to an offset in the original config bytes. */
export type LocateInString = (pointer: string, index: number) => number | null;

export async function resolveFunctions(
  kind: Kind,
  document: JsonValue,
  sites: FunctionSite[],
  options: ResolveOptions,
  locateInString: LocateInString,
): Promise<{ functions: ResolvedFunction[]; diagnostics: RawDiagnostic[] }> {
  const diagnostics: RawDiagnostic[] = [];
  const resolved = await Promise.all(
    sites.map((site) => resolveSite(kind, document, site, options, locateInString, diagnostics)),
  );
  const functions = resolved.filter((f): f is ResolvedFunction => f !== null);
  return { functions, diagnostics: sortDiagnostics(diagnostics, sites) };
}

/**
 * The absolute path of the file a function's value names, where the gateway would read it from if it is
 * there (relative values resolve against `cwd`); undefined for a value that cannot name one (a URL, an
 * inline function of several lines, a collection's function).
 */
export function functionFilePath(site: FunctionSite, cwd: string): string | undefined {
  // path.resolve normalises the whole value: not for a value no file can have.
  return site.resolvable && !isUrl(site.value) && couldBeAPath(site.value) ? path.resolve(cwd, site.value) : undefined;
}

/** A value the gateway fetches (its prefix, case-sensitive, as the gateway tests it). */
function isUrl(value: string): boolean {
  return /^https?:\/\//.test(value);
}

async function resolveSite(
  kind: Kind, document: JsonValue, site: FunctionSite, options: ResolveOptions,
  locateInString: LocateInString, diagnostics: RawDiagnostic[],
): Promise<ResolvedFunction | null> {
  const report = (rule: string, severity: Severity, message: string, detail?: string) =>
    diagnostics.push({ rule, severity, message, ...(detail ? { detail } : {}), pointer: site.pointer });
  // An empty value means "unset" (the gateway uses its default function, or none) where the release reads it
  // so, else the gateway runs it (what that does is the release's emptyOutcome); a blank one is unset too where
  // the release reads it so, else the gateway compiles it and fails (src/releases/function-compiling.ts).
  // (A test for a non-blank character, not trim(): that copies every function of a large config.)
  if (!/\S/.test(site.value)) {
    const step = outcomeOf(site.role, options);
    if (site.value === '') {
      if (step.unset === 'absent') report('functions/not-a-function', 'error', `the ${roleName(site.role)} is empty, which this release does not read as unset`, step.emptyOutcome);
      return null;
    }
    if (step.unset === 'blank') return null;
  }
  const tlsSkipVerify = skipVerifyFor(kind, document, site);

  const inlineLocate = (offset: number): SourcePosition | null => {
    const at = locateInString(site.pointer, offset);
    return at === null ? null : { offset: at };
  };
  const base = { ...site, functionNode: null, ...(tlsSkipVerify ? { tlsSkipVerify } : {}) };

  // 1. URL prefix (case-sensitive, as the gateway tests it).
  if (site.resolvable && isUrl(site.value)) {
    const url = site.value;
    // Credentials embedded in the URL never appear in a message or report.
    const shown = withoutCredentials(url);
    const fn: ResolvedFunction = { ...base, origin: 'url', location: shown, source: null, locate: () => null };
    reportExternalInPersistentConfig(kind, site, 'url', options, report);
    if (!options.remote) {
      report('functions/remote-disabled', 'info',
        `the ${roleName(site.role)} at a URL was not fetched, so its JavaScript was not checked`,
        `It is ${describeFunction(fn)}. Remote sources are turned off (--no-remote or remote: false in the tool config).`);
      return { ...fn, notRead: 'remote sources are turned off by --no-remote or the tool config\'s remote: false' };
    }
    const refusal = remoteRefusal(url, site, options);
    if (refusal) return notFetched(fn, refusal, report);
    const result = await cachedFetch(url, tlsSkipVerify, options);
    if (!result.ok && result.refused) return notFetched(fn, result.reason, report);
    if (!result.ok) {
      const hint = result.tls && !tlsSkipVerify
        ? ' It fails the same way unless the server\'s certificate authority is trusted (add it to the tool config caFiles to check it here) or, for testing only, the database sets unsupported.remote_config_tls_skip_verify.'
        : '';
      report('functions/load-failed', 'error',
        `cannot load the ${roleName(site.role)} from URL ${shown}: ${result.reason}`,
        `The gateway would not load the database.${hint}`);
      return fn;
    }
    return finishParse({ ...fn, source: result.body, locate: (offset) => ({ file: shown, fileText: result.body, offset }) }, diagnostics, options);
  }

  // 2. An existing file that is not a directory (relative names resolve against the gateway's working directory).
  const absolute = functionFilePath(site, options.cwd);
  if (absolute !== undefined) {
    const entry = await statOrNull(absolute);
    if (entry && !entry.isDirectory()) {
      const fn: ResolvedFunction = { ...base, origin: 'file', location: site.value, source: null, locate: () => null };
      reportExternalInPersistentConfig(kind, site, 'file', options, report);
      if (!mayRead(absolute, options.scope)) {
        report('functions/source-not-found', 'info', `the ${roleName(site.role)} file ${site.value} is outside the repository, so it was not read`,
          'A config in a pull request could name any file of the machine that runs sgconf (docs/security.md). On the gateway host, lint with --host; or list the path with --allow-path or allowPaths in the tool config.');
        return { ...fn, notRead: OUTSIDE_REPOSITORY };
      }
      let text: string;
      try {
        text = options.openFiles?.get(absolute) ?? (await readRegularFile(absolute, MAX_FUNCTION_FILE_BYTES)).toString('utf8');
      } catch (error) {
        report('functions/load-failed', 'error',
          `cannot read the ${roleName(site.role)} file ${site.value}: ${(error as Error).message}`,
          'The gateway would not load the database.');
        return fn;
      }
      const read = { ...fn, source: text, locate: (offset: number) => ({ file: absolute, fileText: text, offset }) };
      return insideRepository(absolute, options.scope) ? finishParse(read, diagnostics, options) : finishUnquoted(read, diagnostics, options);
    }
  }

  // 3. Inline source. A value that looks like a path or URL but is not one is the classic trap.
  const fn: ResolvedFunction = { ...base, origin: 'inline', source: site.value, locate: inlineLocate };
  if (looksLikeLocation(site.value)) {
    if (site.resolvable && isHostPath(site.value) && !options.host && options.purpose === 'lint') {
      report('functions/source-not-found', 'info', `the ${roleName(site.role)} file ${site.value} is not on this machine, so it was not checked`,
        'It names a file on the gateway host. Lint on the gateway host with --host to check it, or keep the function in the repository.');
    } else {
      const notFound = await notFoundMessage(site, options);
      report('functions/source-not-found', 'error', notFound.message, notFound.detail);
    }
    return { ...fn, source: null };
  }
  return finishParse(fn, diagnostics, options);
}

/** Why a URL is not asked at all: an expanded variable in it, or a host the user did not allow. */
function remoteRefusal(url: string, site: FunctionSite, options: ResolveOptions): string | null {
  if (options.holdsExpansion?.(site.pointer, site.value.length)) return 'the URL holds an expanded environment variable, which is never sent anywhere';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null; // the fetch reports the invalid URL
  }
  return hostRefusal(parsed, options.allowedHosts);
}

function notFetched(fn: ResolvedFunction, why: string, report: (rule: string, severity: Severity, message: string, detail?: string) => void): ResolvedFunction {
  report('functions/remote-disabled', 'info',
    `the ${roleName(fn.role)} at a URL was not fetched, so its JavaScript was not checked: ${why}`,
    `It is ${describeFunction(fn)}. A pull request could name any address, so sgconf asks only the hosts you list (docs/security.md): add the host with --allow-host or remoteHosts in the tool config.`);
  return { ...fn, notRead: why };
}

/** What the release of the findings does with a function of this role that it cannot compile. */
function outcomeOf(role: FunctionRole, options: Pick<ResolveOptions, 'target' | 'upgraded'>) {
  return uncompilableOutcome(role, options.target ?? NEWEST_RELEASE, options.upgraded ?? false);
}

/** The parse problems after which the gateway cannot compile the function (too-deep: sgconf did not parse it). */
const UNCOMPILABLE = new Set(['functions/syntax-error', 'functions/es2015-syntax', 'functions/not-a-function']);

async function finishParse(fn: ResolvedFunction, diagnostics: RawDiagnostic[], options: Pick<ResolveOptions, 'onParsed' | 'ottoSyntax' | 'target' | 'upgraded'>): Promise<ResolvedFunction> {
  const { onParsed, ottoSyntax } = options;
  const source = fn.source ?? '';
  // acorn parses once otto has answered, and the tree goes as soon as the rules have walked it: the
  // functions of a config are resolved together, and trees parsed before the wait all lived through it
  // (2,000 functions: 100 MB that the young generation's collections copied, a fifth of a lint's time).
  const ottoVerdict = await ottoSyntax?.(source);
  const outcome = reconcileWithOtto(parseFunctionSource(source), ottoVerdict, source);
  const placeholder = outcome.problems.length > 0 && /\{\{[^{}]*\}\}/.test(source) ? 'The text looks like an unrendered template placeholder ({{ ... }}).' : '';
  for (const problem of outcome.problems) {
    const message = `${describeFunction(fn)}: ${problem.message}`;
    const consequence = UNCOMPILABLE.has(problem.rule) ? outcomeOf(fn.role, options).outcome : '';
    const detail = [problem.rule === 'functions/es2015-syntax' ? '' : placeholder, problem.detail ?? '', consequence].filter((s) => s !== '').join(' ');
    diagnostics.push(functionDiagnostic(fn, problem.rule, 'error', problem, message, detail || undefined));
  }
  const parsed = { ...fn, functionNode: outcome.functionNode };
  return onParsed ? onParsed(parsed) : parsed;
}

/**
 * A file outside the repository, read with --host or --allow-path: whether it is JavaScript and where it
 * stops being so, and nothing of its text (no token in a message; the report shows no code frame of it).
 */
async function finishUnquoted(fn: ResolvedFunction, diagnostics: RawDiagnostic[], options: Pick<ResolveOptions, 'ottoSyntax' | 'target' | 'upgraded'>): Promise<ResolvedFunction> {
  const { ottoSyntax } = options;
  const source = fn.source ?? '';
  const outcome = reconcileWithOtto(parseFunctionSource(source), await ottoSyntax?.(source), source);
  const problem = outcome.problems[0];
  if (problem) {
    const consequence = UNCOMPILABLE.has(problem.rule) ? ` ${outcomeOf(fn.role, options).outcome}` : '';
    diagnostics.push(functionDiagnostic(fn, problem.rule, 'error', { start: problem.start, end: problem.start }, `${describeFunction(fn)}: not a function the gateway can compile, from here on`,
      `The file is outside the repository, so none of its text is quoted (docs/security.md).${consequence}`));
  }
  return { ...fn, functionNode: null };
}

/** In a 3.x database config, the REST validation compiles sync/import_filter as JavaScript before resolving (6.3). */
function reportExternalInPersistentConfig(
  kind: Kind, site: FunctionSite, origin: 'file' | 'url', options: ResolveOptions,
  report: (rule: string, severity: Severity, message: string, detail?: string) => void,
): void {
  if (kind !== 'database' || options.purpose !== 'lint') return;
  const what = origin === 'file' ? 'a file path' : 'a URL';
  if (site.role === 'sync' || site.role === 'import_filter') {
    report('functions/external-source-in-database-config', 'error',
      `the ${roleName(site.role)} is ${what}, which a database config cannot name`,
      'A database config is validated as JavaScript before any path or URL is resolved, so the gateway rejects it. Inline the function (sgconf build does this).');
  } else if (site.role === 'conflict_resolver') {
    report('functions/external-source-in-database-config', 'warning',
      `the conflict resolver is ${what}, which only the node that receives the config resolves`,
      `The stored database config keeps the ${origin === 'file' ? 'path' : 'URL'} text. Inline the function (sgconf build does this).`);
  }
}

async function notFoundMessage(site: FunctionSite, options: ResolveOptions): Promise<{ message: string; detail: string }> {
  const value = JSON.stringify(site.value.trim());
  const name = roleName(site.role);
  const compiled = 'The gateway would treat the text itself as inline JavaScript and fail to compile it.';
  if (!site.resolvable) {
    // Inline either because the release reads no file or URL for a function at all, or because it is a collection's.
    const why = readsFunctionSources(options.target ?? NEWEST_RELEASE)
      ? `a collection's ${name} is always inline JavaScript`
      : `this release reads no file or URL for a function (the gateway does from ${READING.functionSources.from})`;
    return {
      message: `${value} looks like a file path or URL, but ${why}`,
      detail: `The gateway compiles the text itself, which is no function. ${outcomeOf(site.role, options).outcome} Put the function itself here.`,
    };
  }
  const absolute = path.resolve(options.cwd, site.value);
  const entry = await statOrNull(absolute);
  if (entry?.isDirectory()) {
    return { message: `the ${name} ${value} names a directory, not a file`, detail: `${absolute} is a directory. ${compiled}` };
  }
  let detail = `No file exists at ${absolute} (relative paths resolve against the gateway's working directory). ${compiled}`;
  if (!path.isAbsolute(site.value) && path.resolve(options.configDir) !== path.resolve(options.cwd)) {
    const besideConfig = path.resolve(options.configDir, site.value);
    const there = await statOrNull(besideConfig);
    if (there && !there.isDirectory()) {
      detail += ` The file exists relative to the config file's folder (${besideConfig}), but the gateway resolves relative paths against its own working directory, not the config file's folder: use an absolute path or start the gateway from that folder.`;
    }
  }
  return { message: `the ${name} ${value} looks like a file path, but no such file exists`, detail };
}

/**
 * The values of sites that hold a function's own text rather than naming a file or a URL (as resolveSite
 * reads them, but for a name of no file, which it reads as text): what lint starts otto's parser for early.
 */
export function inlineTexts(sites: readonly FunctionSite[]): string[] {
  return sites.filter((site) => /\S/.test(site.value) && !looksLikeLocation(site.value)).map((site) => site.value);
}

/**
 * A single "word" that reads as a path or URL: no white space inside, no JavaScript punctuation, and a
 * path separator, a URL scheme or a file extension. (Real inline functions always contain `function` and braces.)
 */
export function looksLikeLocation(value: string): boolean {
  const text = value.trim();
  if (text === '' || /\s/.test(text) || /[(){};=,'"`]/.test(text)) return false;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return true;
  return /[\\/]/.test(text) || /\.(js|mjs|cjs|txt|json)$/i.test(text);
}

/**
 * False for a config value that cannot name a file, so the gateway's stat fails too (every long or
 * multi-line inline function): 4096 bytes or more (PATH_MAX on Linux; less elsewhere), a name component
 * over 255 bytes (NAME_MAX), or a line break (legal in a Linux file name, but no config names a function
 * file that way, while every multi-line inline function has one).
 */
function couldBeAPath(value: string): boolean {
  if (value.includes('\n')) return false;
  if (value.length <= 255) return true;
  if (Buffer.byteLength(value) >= 4096) return false;
  return value.split(/[\\/]/).every((part) => Buffer.byteLength(part) <= 255);
}

async function statOrNull(file: string) {
  try {
    return await stat(file);
  } catch {
    return null;
  }
}

/** `unsupported.remote_config_tls_skip_verify` of the database the site belongs to. */
function skipVerifyFor(kind: Kind, document: JsonValue, site: FunctionSite): boolean {
  const dbPointer = kind === 'legacy' && site.database !== undefined ? joinPointer('', 'databases', site.database) : '';
  const unsupported = getAtPointer(document, joinPointer(dbPointer, 'unsupported'));
  return isObject(unsupported) && unsupported['remote_config_tls_skip_verify'] === true;
}

function cachedFetch(url: string, skipVerify: boolean, options: ResolveOptions): Promise<FetchResult> {
  const key = `${skipVerify ? 'insecure' : 'verified'} ${url}`;
  let pending = options.fetchCache.get(key) as Promise<FetchResult> | undefined;
  if (!pending) {
    // The HTTP client (http, https, tls) is loaded only by a run that fetches something.
    pending = import('./fetch.js').then(({ fetchFunctionSource }) => fetchFunctionSource(url, { timeoutMs: options.timeoutMs, caFiles: options.caFiles, skipVerify, allowedHosts: options.allowedHosts }));
    options.fetchCache.set(key, pending);
  }
  return pending;
}

/** Diagnostics in document order of their sites, then by position (stable output for a stable input). */
function sortDiagnostics(diagnostics: RawDiagnostic[], sites: FunctionSite[]): RawDiagnostic[] {
  const order = new Map(sites.map((s, i) => [s.pointer, i]));
  return diagnostics
    .map((d, i) => ({ d, i }))
    .sort((a, b) => (order.get(a.d.pointer) ?? 0) - (order.get(b.d.pointer) ?? 0)
      || compareText(a.d.file ?? '', b.d.file ?? '')
      || (a.d.span?.start ?? -1) - (b.d.span?.start ?? -1) || a.i - b.i)
    .map(({ d }) => d);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** An absolute path names a file on the gateway's host, which need not be this machine. */
function isHostPath(value: string): boolean {
  return path.isAbsolute(value.trim());
}
