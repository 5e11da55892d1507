// The lint pipeline for one text: read -> parse -> kind -> normalise -> schema -> functions/certs -> rules -> positions.
// Which files to read (paths, folders, ignore globs) is src/files.ts.
import * as path from 'node:path';
import type { Diagnostic, FileResult, JsonValue, Kind, LintReport, RawDiagnostic, RuleSetting } from './types.js';
import { ensureYamlSupport, formatFromPath, locateNearest, parseSource, type LocatedDocument, type ParsedSource, type SourceText } from './source/index.js';
import type { EnvReference } from './source/dialect.js';
import type { ReadScope } from './read-scope.js';
import { ignoreMatcher } from './globs.js';
import { LineIndex } from './source/offset-map.js';
import { detectKind } from './kinds/index.js';
import { normalizeKeys } from './schema/normalize.js';
import { getValidator, unknownFieldMessage, validateSchema } from './schema/validate.js';
import { checkingRules, findRule } from './rules/index.js';
import type { RuleContext, Settings } from './rules/types.js';
import type { ResolvedFunction } from './functions/types.js';
import { functionDiagnostic } from './functions/diagnostic.js';
import type { CertificateFacts } from './certs/types.js';
import { collectSecrets, isSecretKey, rememberSecrets, scrub } from './secrets.js';
import { splitMessage } from './messages.js';
import { judge, NEWEST_RELEASE, type Release } from './releases/index.js';
import { BEHAVIOUR } from './releases/behaviour.js';
import { expandsEnvironment, READING, readsFunctionSources, upgradesLegacyConfigs } from './releases/reading.js';
import { storedByUpgrade } from './document/databases.js';
import { ottoCommit } from './releases/sync-runner.js';
import { applyReleaseFields, dropDeprecationsNotInTarget, kindUnknownToTarget } from './schema/release-fields.js';
import { goNumberFindings } from './schema/go-numbers.js';

export interface LintOptions {
  /** The moment the findings are about (a certificate's validity), ms since the epoch; absent: the clock, read once per file. */
  now?: number;
  /** Force the kind; 'auto' (default) detects it. */
  kind?: Kind | 'auto';
  /** Variables for expansion; null disables expansion (--no-env). Default: none (no variable of the process reaches a config unless passed). */
  env?: Record<string, string | undefined> | null;
  /** Variables the deployment sets (declared empty in env files): never an error; checks of their values are skipped. */
  placeholders?: ReadonlySet<string>;
  /** Fetch http(s) function sources (default true), from these hosts only (default: none). */
  remote?: boolean;
  remoteHosts?: readonly string[];
  /** Where files named by a config may be read from (absent: anywhere; the command line always sets it). */
  scope?: ReadScope;
  /** Values never printed, wherever they are expanded (the process environment's, passed with --pass-env). */
  secretValues?: readonly string[];
  /** Per-rule severity overrides from the tool config. */
  rules?: Record<string, RuleSetting>;
  settings?: Partial<Settings>;
  /** Working directory the gateway would run in (relative function/cert paths); default process.cwd(). */
  cwd?: string;
  caFiles?: string[];
  remoteTimeoutMs?: number;
  /** 'build': function files and URLs in database configs are expected (they get inlined). */
  purpose?: 'lint' | 'build';
  /** The gateway release the config is judged for; default the newest sgconf knows. */
  target?: Release;
  /** This machine is the gateway host (--host): absolute paths that do not exist here are errors, not infos. */
  host?: boolean;
  /** Report errors only. */
  quiet?: boolean;
  /** Shared across the files of one run: one fetch per URL. */
  fetchCache?: Map<string, Promise<unknown>>;
  /** A file found by walking a folder: skip it silently when it is not a gateway config at all. */
  discovered?: boolean;
  /**
   * Which files are build sources (tool config `sources`, globs relative to `base`): their function files
   * resolve relative to the source's own folder and are expected in a database config, as `sgconf build`
   * reads them (it inlines them).
   */
  sources?: { globs: readonly string[]; base: string };
  /**
   * The deployment options of the nearest tool config above a file, when it is not the run's own (the CLI
   * sets it; undefined: the run's options apply). Never sent to a worker: it is a function.
   */
  perFile?: (file: string) => Promise<LintOptions | undefined>;
  /** Function files open in an editor (the language server), by absolute path: read as unsaved there. */
  openFiles?: ReadonlyMap<string, string>;
  /** The tool config's overrides (globs relative to `base`): a file they match is judged with their target and rules. */
  overrides?: { base: string; entries: readonly FileOverride[] };
}

/** Settings of the tool config for the files `files` matches; `deployment`: the variables of its own env files. */
export interface FileOverride {
  files: readonly string[];
  target?: Release;
  rules: Record<string, RuleSetting>;
  deployment?: Pick<LintOptions, 'env' | 'placeholders'>;
}

/**
 * The options in force for one file: the run's, with each matching override of the tool config applied in
 * order (a later one wins). The command line's --target wins over them: the caller leaves `target` out of
 * the overrides then.
 */
export function optionsForFile(file: string, options: LintOptions): LintOptions {
  const overrides = options.overrides;
  if (!overrides || overrides.entries.length === 0) return options;
  const cwd = options.cwd ?? process.cwd();
  let out = options;
  for (const entry of overrides.entries) {
    if (!ignoreMatcher(entry.files, overrides.base, cwd)(path.resolve(cwd, file))) continue;
    out = { ...out, ...(entry.target ? { target: entry.target } : {}), rules: { ...out.rules, ...entry.rules }, ...entry.deployment };
  }
  return out;
}

/** Whether a file is a build source (see LintOptions.sources). */
export function isBuildSource(file: string, options: Pick<LintOptions, 'sources' | 'cwd'>): boolean {
  if (!options.sources || options.sources.globs.length === 0) return false;
  const cwd = options.cwd ?? process.cwd();
  return ignoreMatcher(options.sources.globs, options.sources.base, cwd)(path.resolve(cwd, file));
}

/** Everything the pipeline learnt about one file (used by lint, convert, build and plan). */
export interface AnalyzedFile {
  result: FileResult;
  kind: Kind | null;
  /** Canonical document (keys in the schemas' spelling), or null when it could not be parsed. */
  document: JsonValue | null;
  functions: readonly ResolvedFunction[];
  /** Not a gateway config (only for discovered files). */
  skipped: boolean;
  /** Why a file a folder search found is not taken for a gateway config. */
  skipReason?: string;
}

export async function lintText(text: string, file: string, options: LintOptions = {}): Promise<FileResult> {
  return (await analyzeText(text, file, options)).result;
}

/**
 * Everything the pipeline learns about one text. A failure of sgconf itself (a bug, or input that drives a
 * stage past what it survives) becomes a source/internal-error finding on this file: the run goes on.
 */
export async function analyzeText(text: string, file: string, options: LintOptions = {}): Promise<AnalyzedFile> {
  try {
    return await analyzeTextOrThrow(text, file, options);
  } catch (error) {
    const diagnostic: Diagnostic = { rule: 'source/internal-error', severity: 'error', pointer: '', line: 1, column: 1, endLine: 1, endColumn: 1, message: internalErrorMessage('this file', error) };
    return { result: { file, kind: null, diagnostics: [diagnostic] }, kind: null, document: null, functions: [], skipped: false };
  }
}

function internalErrorMessage(what: string, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `sgconf failed on ${what}: ${reason.split('\n')[0]!.slice(0, 300)}. The other findings and files are still reported. This is a bug in sgconf: please report it with the file`;
}

/**
 * The variables a text is read with: the options' (default: none), or none when the
 * target does not expand environment references (it reads every `$` as written) or --no-env says so.
 * The fixer and the language server read texts with it too, so that every span is where lint found it.
 */
export function readingEnvironment(options: LintOptions): Record<string, string | undefined> | null {
  if (!expandsEnvironment(options.target ?? NEWEST_RELEASE)) return null;
  return options.env === undefined ? {} : options.env;
}

/** The options in force for one file: the nearest tool config's settings, then its overrides for the file. */
async function fileOptions(file: string, given: LintOptions): Promise<LintOptions> {
  const own = given.perFile ? await given.perFile(file) : undefined;
  return optionsForFile(file, own ? { ...given, ...own, perFile: undefined } : given);
}

/** A text read as lint reads it: the dialect undone and the variables expanded as the target does, then parsed. */
async function parseAsLint(text: string, file: string, options: LintOptions): Promise<ParsedSource> {
  const format = formatFromPath(file);
  if (format === 'yaml') await ensureYamlSupport();
  return parseSource(text, file, { env: readingEnvironment(options), format, placeholders: options.placeholders });
}

/** The folders a config's functions resolve against: its own folder for a build source, else the gateway's working directory. */
function functionFolders(file: string, options: LintOptions): { cwd: string; configDir: string; resolveFrom: string; source: boolean } {
  const cwd = options.cwd ?? process.cwd();
  const configDir = path.dirname(path.resolve(cwd, file));
  // A build source names its function files relative to itself, as a compiler resolves an include.
  const source = isBuildSource(file, options);
  return { cwd, configDir, resolveFrom: source ? configDir : cwd, source };
}

/**
 * The absolute paths of the files a config's functions would be read from, whether or not they exist, as
 * analyzeText resolves them (the same reading, kind and canonical keys), without reading them or checking
 * anything: which configs a function file concerns (`sgconf lint orders-sync.js`, a hook on a changed file).
 */
export async function functionFilesNamed(text: string, file: string, given: LintOptions = {}): Promise<string[]> {
  const options = await fileOptions(file, given);
  const value = (await parseAsLint(text, file, options)).document?.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const kind = options.kind && options.kind !== 'auto' ? options.kind : detectKind(value, { mostlyKnownKeys: options.discovered }).kind;
  if (!kind) return [];
  // The validator's module brings the schema that normalisation walks.
  await getValidator(kind);
  const [{ findFunctionSites }, { functionFilePath }] = await Promise.all([import('./functions/sites.js'), import('./functions/resolve.js')]);
  const { resolveFrom } = functionFolders(file, options);
  const sites = findFunctionSites(kind, normalizeKeys(kind, value).value, readsFunctionSources(options.target ?? NEWEST_RELEASE));
  return sites.flatMap((site) => functionFilePath(site, resolveFrom) ?? []);
}

async function analyzeTextOrThrow(text: string, file: string, given: LintOptions): Promise<AnalyzedFile> {
  const options = await fileOptions(file, given);
  const format = formatFromPath(file);
  const target = options.target ?? NEWEST_RELEASE;
  const env = readingEnvironment(options);
  const parsed = await parseAsLint(text, file, options);
  const raw: RawDiagnostic[] = parsed.diagnostics.slice();
  if (env === null && options.env !== null && text.includes('$')) raw.push(...laterExpansionFindings(text, file, format, options));
  const doc = parsed.document;
  let kind: Kind | null = null;
  let canonical: JsonValue | null = null;
  let toOriginal = (p: string): string => p;
  let functions: ResolvedFunction[] = [];

  // A file met on a walk that only the expansion of its "$" made unreadable (a CI workflow's shell lines,
  // "${{ github.sha }}") is judged by what it holds as written: no gateway config, it is skipped as any other.
  if (!doc && options.discovered && env !== null && text.includes('$') && (!options.kind || options.kind === 'auto')) {
    const asWritten = (await parseAsLint(text, file, { ...options, env: null })).document;
    const decision = asWritten ? detectKind(asWritten.value, { mostlyKnownKeys: options.discovered }) : null;
    if (decision && !decision.kind) return { result: { file, kind: null, diagnostics: [] }, kind: null, document: null, functions: [], skipped: true, skipReason: decision.reason };
  }

  if (doc) {
    if (options.kind && options.kind !== 'auto') kind = options.kind;
    else {
      const decision = detectKind(doc.value, { mostlyKnownKeys: options.discovered });
      kind = decision.kind;
      if (!kind) {
        if (options.discovered) return { result: { file, kind: null, diagnostics: [] }, kind: null, document: null, functions: [], skipped: true, skipReason: decision.reason };
        const message = decision.other ? `not a gateway config: ${decision.other}` : `cannot tell what kind of gateway config this is: ${decision.reason}; use --kind legacy|bootstrap|database`;
        raw.push({ rule: 'source/unknown-kind', severity: 'error', pointer: '', message });
      }
    }
  }

  if (doc && kind) {
    if (typeof doc.value !== 'object' || doc.value === null || Array.isArray(doc.value)) {
      raw.push({ rule: 'schema/type', severity: 'error', pointer: '', message: `a ${kind} config must be a JSON object` });
    } else {
      // otto's parser reads each function its cache does not know (runFunctionStage): it starts now (before
      // the validator's chunk loads; its modules are at hand): its module is read, and compiles while the
      // validator's chunk loads and the functions are parsed.
      const parserStarts = await startOttoParserFor(kind, doc.value, target);
      // The validator first: its module also brings the schema that normalisation walks.
      await getValidator(kind);
      // The parser's module compiles on V8's threads, but its steps between them run on this thread's event
      // loop (and its read, when read on Node's thread pool, ends there): lint reads its files at once, so
      // without this turn of the loop, the compile would wait for the first question.
      if (parserStarts) await new Promise((resolve) => setImmediate(resolve));
      const normalized = normalizeKeys(kind, doc.value);
      canonical = normalized.value;
      toOriginal = normalized.toOriginalPointer;
      dropDeprecationsNotInTarget(kind, target, normalized.diagnostics);
      for (const d of normalized.diagnostics) raw.push(d);
      const schemaFindings = await validateSchema(kind, canonical);
      if (doc.writtenNumbers) await goNumberFindings(kind, doc.value, doc.writtenNumbers, schemaFindings, toOriginal);
      applyReleaseFields(kind, canonical, target, schemaFindings);
      const kindFinding = kindUnknownToTarget(kind, target);
      if (kindFinding) schemaFindings.unshift(kindFinding);
      for (const d of schemaFindings) raw.push(d);
      const { cwd, configDir, resolveFrom, source } = functionFolders(file, options);
      const holdsReference = (pointer: string) => parsed.referencePointers.size > 0 && parsed.referencePointers.has(toOriginal(pointer));
      const functionOptions: LintOptions = source ? { ...options, purpose: 'build' } : options;
      // One clock reading for all of this file's rules, those run per function too.
      const now = options.now ?? Date.now();
      // Rules of scope 'function' run as soon as a function is parsed; then its syntax tree can go (a large
      // config holds thousands of functions: together their trees are over 100 MB).
      const onParsed = (fn: ResolvedFunction): ResolvedFunction => {
        for (const d of runRules(kind, canonical!, [fn], [], options, now, 'function', holdsReference)) raw.push(d);
        return { ...fn, functionNode: null };
      };
      const [functionStage, certificates] = await Promise.all([
        runFunctionStage(kind, canonical, doc, toOriginal, functionOptions, resolveFrom, configDir, onParsed, parsed.envReferences),
        runCertificateStage(kind, canonical, cwd, configDir, options.scope),
      ]);
      functions = functionStage.functions;
      for (const d of functionStage.diagnostics) raw.push(d);
      for (const d of runRules(kind, canonical, functions, certificates, options, now, 'document', holdsReference)) raw.push(d);
      const inJavaScript = annotateVariablesInFunctions(raw, functions, doc, toOriginal);
      annotateVariablesInUserFunctions(raw, inJavaScript);
      dropSuperseded(raw);
      dropUnderUnknownFields(raw);
    }
  }

  const secrets = [
    ...(canonical ? collectSecrets(canonical) : doc ? collectSecrets(doc.value) : []),
    ...secretExpansions(parsed.expandedValues, options.secretValues ?? []),
  ].sort((a, b) => b.length - a.length);
  capPerRule(raw, kind);
  const diagnostics = finalize(raw, parsed.source, doc, toOriginal, options, secrets, parsed);
  // A file an override judges for another release says which.
  const result: FileResult = { file, kind, diagnostics, ...(options.target !== given.target && options.target ? { target: options.target } : {}) };
  rememberSecrets(result, secrets);
  return { result, kind, document: canonical, functions, skipped: false };
}

/**
 * Expanded values that no report may show: those of variables named like a secret (`${TOKEN}` in a URL's
 * query) and every value passed from the process environment.
 */
function secretExpansions(expanded: readonly { name: string; value: string }[], secretValues: readonly string[]): string[] {
  return expanded.filter((e) => e.value.length >= 3 && (isSecretKey(e.name) || secretValues.includes(e.value))).map((e) => e.value);
}

async function runFunctionStage(
  kind: Kind, document: JsonValue, doc: LocatedDocument, toOriginal: (p: string) => string,
  options: LintOptions, cwd: string, configDir: string, onParsed: (fn: ResolvedFunction) => ResolvedFunction,
  envReferences: readonly EnvReference[],
): Promise<{ functions: ResolvedFunction[]; diagnostics: RawDiagnostic[] }> {
  const target = options.target ?? NEWEST_RELEASE;
  const { findFunctionSites } = await import('./functions/sites.js');
  const sites = findFunctionSites(kind, document, readsFunctionSources(target));
  if (sites.length === 0) return { functions: [], diagnostics: [] };
  const { resolveFunctions } = await import('./functions/resolve.js');
  const { ottoSyntaxCheck } = await import('./functions/otto-syntax.js');
  const locate = (pointer: string, index: number) => doc.locateInString(toOriginal(pointer), index);
  // `$$` is a literal dollar, not a value of the environment.
  const expansions = envReferences.filter((r) => r.name !== '' && r.text !== '$$');
  return resolveFunctions(kind, document, sites, {
    cwd, configDir,
    remote: options.remote ?? true,
    allowedHosts: options.remoteHosts ?? [],
    scope: options.scope,
    holdsExpansion: expansions.length === 0 ? undefined : (pointer, length) => {
      const start = locate(pointer, 0);
      const end = locate(pointer, Math.max(0, length - 1));
      return start !== null && end !== null && expansions.some((r) => r.span.start <= end && r.span.end > start);
    },
    timeoutMs: options.remoteTimeoutMs ?? 10_000,
    caFiles: options.caFiles ?? [],
    purpose: options.purpose ?? 'lint',
    host: options.host ?? false,
    fetchCache: options.fetchCache ?? new Map(),
    ottoSyntax: ottoSyntaxCheck(ottoCommit(target)),
    target,
    upgraded: kind === 'legacy' && storedByUpgrade(document, upgradesLegacyConfigs(target)),
    openFiles: options.openFiles,
    onParsed,
  }, locate);
}

/**
 * Starts otto's parser for the inline functions of a document (as written) that its cache does not know;
 * whether it did.
 */
async function startOttoParserFor(kind: Kind, document: JsonValue, target: Release): Promise<boolean> {
  try {
    const [{ findFunctionSites }, { inlineTexts }, { warmOttoSyntax }] = await Promise.all([
      import('./functions/sites.js'), import('./functions/resolve.js'), import('./functions/otto-syntax.js'),
    ]);
    const sites = findFunctionSites(kind, document);
    return sites.length > 0 && warmOttoSyntax(ottoCommit(target), inlineTexts(sites));
  } catch {
    // Only time is at stake: the functions are read, and otto asked, in runFunctionStage.
    return false;
  }
}

async function runCertificateStage(kind: Kind, document: JsonValue, cwd: string, configDir: string, scope: ReadScope | undefined): Promise<CertificateFacts[]> {
  // Most configs name no certificate: then neither the reader nor node:crypto is loaded.
  const { findCertificateReferences } = await import('./certs/locations.js');
  const references = findCertificateReferences(kind, document);
  if (references.length === 0) return [];
  const { gatherCertificateFacts } = await import('./certs/gather.js');
  return gatherCertificateFacts(kind, document, { cwd, configDir, scope }, references);
}

function runRules(
  kind: Kind, document: JsonValue, functions: readonly ResolvedFunction[], certificates: readonly CertificateFacts[], options: LintOptions,
  now: number, scope: 'document' | 'function', holdsEnvironmentReference: (pointer: string) => boolean,
): RawDiagnostic[] {
  const out: RawDiagnostic[] = [];
  const settings: Settings = { edition: 'ee', ...options.settings, host: options.host ?? false };
  const target = options.target ?? NEWEST_RELEASE;
  const judgeForTarget = (fact: string) => judge(BEHAVIOUR.get(fact)!, target);
  const upgradesLegacy = upgradesLegacyConfigs(target);
  for (const rule of checkingRules()) {
    if ((rule.scope ?? 'document') !== scope || !rule.kinds.includes(kind) || options.rules?.[rule.id] === 'off') continue;
    const context: RuleContext = {
      kind, document, functions, certificates, settings, target, now, judge: judgeForTarget, upgradesLegacyConfigs: upgradesLegacy, holdsEnvironmentReference,
      report: (d) => out.push({ rule: rule.id, severity: d.severity ?? rule.severity, message: d.message, ...(d.detail ? { detail: d.detail } : {}), ...(d.fix ? { fix: d.fix } : {}), pointer: d.pointer, target: d.target }),
      // Placing a finding inside a function costs a walk of its written text: a quiet run skips the
      // findings finalize would drop (a large function can have hundreds of informational ones).
      reportInFunction: (d) => {
        if (options.quiet && (options.rules?.[rule.id] ?? d.severity ?? rule.severity) !== 'error') return;
        out.push(functionDiagnostic(d.fn, rule.id, d.severity ?? rule.severity, d.span, d.message, d.detail));
      },
    };
    try {
      rule.check!(context);
    } catch (error) {
      // A rule bug must never take the run down: say which rule failed, keep going with the others.
      out.push({ rule: 'source/internal-error', severity: 'error', pointer: '', message: internalErrorMessage(`this file in rule ${rule.id}`, error) });
    }
  }
  return out;
}

/** An undefined variable inside JavaScript: say so, and name the fix (`$$`). Returns the findings it placed. */
function annotateVariablesInFunctions(raw: RawDiagnostic[], functions: readonly ResolvedFunction[], doc: LocatedDocument, toOriginal: (p: string) => string): Set<RawDiagnostic> {
  const placed = new Set<RawDiagnostic>();
  const undefinedVars = raw.filter((d) => d.rule === 'source/undefined-variable' && d.span);
  if (undefinedVars.length === 0 || functions.length === 0) return placed;
  for (const d of undefinedVars) {
    const inside = functions.find((fn) => {
      const span = doc.locate(toOriginal(fn.pointer));
      return span && span.start <= d.span!.start && d.span!.start < span.end;
    });
    if (inside) {
      // The expansion removed text from the JavaScript: its syntax errors are consequences, not news.
      for (let i = raw.length - 1; i >= 0; i--) {
        const other = raw[i]!;
        if (other.pointer === inside.pointer && (other.rule === 'functions/syntax-error' || other.rule === 'functions/not-a-function')) raw.splice(i, 1);
      }
      d.pointer = inside.pointer;
      const where = `It sits inside the JavaScript of ${inside.pointer.slice(1).split('/').join('.')}: in a config file every literal "$" in JavaScript must be written "$$".`;
      d.detail = d.detail ? `${where} ${d.detail}` : where;
      placed.add(d);
    }
  }
  return placed;
}

/** Where a user function (database/user-functions) writes "$" of its own: its allow patterns and its code. */
const ALLOW_PATTERN_POINTER = /\/functions\/definitions\/[^/]+\/allow\/(?:channels|roles)\/\d+$/;
const USER_FUNCTION_CODE_POINTER = /\/functions\/definitions\/[^/]+\/code$/;

/**
 * An undefined variable in a user function's allow pattern (${args.NAME}) or query ($args.NAME): the "$" is
 * the function's own, which the gateway's expansion of the file takes first, and "$$" keeps it.
 */
function annotateVariablesInUserFunctions(raw: RawDiagnostic[], inJavaScript: ReadonlySet<RawDiagnostic>): void {
  for (const d of raw) {
    if (d.rule !== 'source/undefined-variable' || inJavaScript.has(d)) continue;
    const pointer = d.writtenPointer ?? d.pointer;
    const where = ALLOW_PATTERN_POINTER.test(pointer)
      ? 'It sits in an allow pattern of a user function, and the gateway expands environment references before the function reads its pattern: write "$${args.NAME}" in the file for the pattern ${args.NAME}.'
      : USER_FUNCTION_CODE_POINTER.test(pointer)
        ? 'It sits in the query of a user function, and the gateway expands environment references before the query runs: write "$$args.NAME" in the file for the parameter $args.NAME.'
        : null;
    if (where) d.detail = d.detail ? `${where} ${d.detail}` : where;
  }
}

/**
 * Under a target that reads `$` as it is written, what the first release that expands environment
 * references will make of them: an info for each reference it cannot resolve.
 */
function laterExpansionFindings(text: string, file: string, format: ReturnType<typeof formatFromPath>, options: LintOptions): RawDiagnostic[] {
  const later = parseSource(text, file, { env: options.env ?? {}, format, placeholders: options.placeholders });
  const from = READING.environmentExpansion.from;
  return later.diagnostics.filter((d) => d.rule === 'source/undefined-variable').map((d) => ({
    ...d,
    severity: 'info' as const,
    message: `${d.message.replace(/: the gateway refuses to start$/, '')} (refused by ${from})`,
    detail: `The target reads "$" as it is written; ${from} and later expand environment references. ${d.detail ?? ''}`.trim(),
  }));
}

/**
 * One fact, one finding: a rule that explains a construct better than a generic stage (upgrade/removed-key
 * for a key that schema/unknown-field would call unknown) declares `supersedes`, and the generic finding at
 * the same place is dropped.
 */
function dropSuperseded(raw: RawDiagnostic[]): void {
  const superseded = new Set<string>();
  for (const d of raw) {
    for (const rule of findRule(d.rule)?.supersedes ?? []) superseded.add(`${rule}\u0000${d.pointer}`);
  }
  if (superseded.size === 0) return;
  for (let i = raw.length - 1; i >= 0; i--) {
    if (superseded.has(`${raw[i]!.rule}\u0000${raw[i]!.pointer}`)) raw.splice(i, 1);
  }
}

/**
 * A field the target does not know is schema/unknown-field's finding: the target refuses the config for it.
 * What another rule says about that field, or about what lies under it, is about a release that knows the
 * field, so it goes (2.8 has no admin_interface_authentication to be false): one cause, one finding, and
 * every finding true for the target. A rule that names such a field better (upgrade/removed-key) has
 * already replaced the unknown-field finding (dropSuperseded).
 */
function dropUnderUnknownFields(raw: RawDiagnostic[]): void {
  // Only findings of other rules can go: most files have none, and then no set of pointers is built.
  if (!raw.some((d) => !d.rule.startsWith('schema/') && !d.rule.startsWith('source/'))) return;
  const unknown = new Set(raw.filter((d) => d.rule === 'schema/unknown-field' && d.pointer !== '').map((d) => d.pointer));
  if (unknown.size === 0) return;
  // The pointer itself or any of its ancestors (a set lookup each: 1,000,000 unknown keys stay linear).
  const underUnknown = (pointer: string): boolean => {
    for (let end = pointer.length; end > 0; end = pointer.lastIndexOf('/', end - 1)) {
      if (unknown.has(pointer.slice(0, end))) return true;
    }
    return false;
  };
  let kept = 0;
  for (const d of raw) {
    if (d.rule.startsWith('schema/') || d.rule.startsWith('source/') || !underUnknown(d.pointer)) raw[kept++] = d;
  }
  raw.length = kept;
}

/** Findings of one rule listed per file; past it, one finding says how many more there are. */
export const MAX_FINDINGS_PER_RULE = 1000;

/**
 * A file with 1,000,000 unknown keys is not 1,000,000 mistakes to read one by one: each rule lists its
 * first findings and then one that counts the rest, so the report, its time and its memory stay bounded.
 */
function capPerRule(raw: RawDiagnostic[], kind: Kind | null): void {
  const counts = new Map<string, number>();
  const firstDropped = new Map<string, RawDiagnostic>();
  let kept = 0;
  for (const d of raw) {
    const count = (counts.get(d.rule) ?? 0) + 1;
    counts.set(d.rule, count);
    if (count <= MAX_FINDINGS_PER_RULE) raw[kept++] = d;
    else if (count === MAX_FINDINGS_PER_RULE + 1) firstDropped.set(d.rule, d);
  }
  raw.length = kept;
  // An unknown field listed after all (others before it went) gets its message now.
  for (const d of raw) {
    if (d.unknownKey !== undefined && d.message === '' && kind) d.message = unknownFieldMessage(kind, d.pointer.slice(0, d.pointer.lastIndexOf('/')), d.unknownKey);
  }
  for (const [rule, first] of firstDropped) {
    const more = counts.get(rule)! - MAX_FINDINGS_PER_RULE;
    raw.push({
      rule, severity: first.severity, pointer: first.pointer, ...(first.target ? { target: first.target } : {}),
      message: `and ${more} more ${rule} findings in this file, not listed (the first ${MAX_FINDINGS_PER_RULE} are)`,
      detail: `sgconf lists at most ${MAX_FINDINGS_PER_RULE} findings of one rule per file; this one is at the first that is not listed.`,
    });
  }
}

function finalize(
  raw: RawDiagnostic[], source: SourceText, doc: LocatedDocument | null, toOriginal: (p: string) => string,
  options: LintOptions, secrets: string[], unknown: Pick<ParsedSource, 'placeholderPointers' | 'unknownValuePointers'>,
): Diagnostic[] {
  const externalIndexes = new Map<string, LineIndex>();
  const out: Diagnostic[] = [];
  for (const d of raw) {
    const setting = options.rules?.[d.rule];
    if (setting === 'off') continue;
    const severity = setting ?? d.severity;
    if (options.quiet && severity !== 'error') continue;
    const pointer = d.writtenPointer ?? toOriginal(d.pointer);
    // A value the deployment sets is unknown here: no check of it can be right. A value an undefined variable
    // or YAML left without its form is unknown too; a finding inside it (a function's, at its own span) stays.
    if (!d.rule.startsWith('source/') && (unknown.placeholderPointers.has(pointer) || (!d.span && unknown.unknownValuePointers.has(pointer)))) continue;
    let start: number;
    let end: number;
    let lines = source.lines;
    if (d.file && d.fileText !== undefined && d.span) {
      let index = externalIndexes.get(d.file);
      if (!index) {
        index = new LineIndex(d.fileText);
        externalIndexes.set(d.file, index);
      }
      lines = index;
      start = d.span.start;
      end = d.span.end;
    } else if (d.span) {
      start = d.span.start;
      end = d.span.end;
    } else {
      const span = locateNearest(doc, pointer, d.target ?? 'value');
      start = span.start;
      end = span.end;
    }
    const a = lines.position(start);
    const b = lines.position(Math.max(start, end));
    const words = d.detail ? { message: d.message, detail: d.detail } : splitMessage(d.message);
    const diagnostic: Diagnostic = {
      rule: d.rule, severity, message: scrub(words.message, secrets),
      ...(words.detail ? { detail: scrub(words.detail, secrets) } : {}),
      pointer, line: a.line, column: a.column, endLine: b.line, endColumn: b.column,
    };
    if (d.file) diagnostic.file = d.file;
    if (d.fix && !d.file) diagnostic.fix = d.fix.op === 'replace-text' ? d.fix : { ...d.fix, pointer: toOriginal(d.fix.pointer), ...(d.fix.op === 'move-member' ? { to: toOriginal(d.fix.to) } : {}) };
    out.push(diagnostic);
  }
  // Plain code-unit order: localeCompare builds an ICU collator on first use (about 10 ms of every cold start).
  out.sort((x, y) => compareText(x.file ?? '', y.file ?? '') || x.line - y.line || x.column - y.column || compareText(x.rule, y.rule));
  return withoutRepeats(out);
}

/**
 * One of each finding said twice at one place: a YAML anchor (or a function file) that two databases
 * share gets a check's finding once per database, and a finding that names no database reads the same
 * each time. Sorted input: repeats may stand apart only by findings of the same place.
 */
function withoutRepeats(sorted: Diagnostic[]): Diagnostic[] {
  const kept: Diagnostic[] = [];
  const seen = new Set<string>();
  let place = '';
  for (const d of sorted) {
    const here = `${d.file ?? ''}\0${d.line}\0${d.column}`;
    if (here !== place) {
      place = here;
      seen.clear();
    }
    const said = `${d.rule}\0${d.severity}\0${d.endLine}\0${d.endColumn}\0${d.message}\0${d.detail ?? ''}`;
    if (seen.has(said)) continue;
    seen.add(said);
    kept.push(d);
  }
  return kept;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Counts errors and warnings of a set of file results into a report. */
export function summarize(results: FileResult[], target: Release = NEWEST_RELEASE): LintReport {
  let errorCount = 0;
  let warningCount = 0;
  for (const r of results) {
    for (const d of r.diagnostics) {
      if (d.severity === 'error') errorCount++;
      else if (d.severity === 'warning') warningCount++;
    }
  }
  return { target, results, errorCount, warningCount };
}

