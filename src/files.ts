// Which files a lint run reads and how: paths and folders (with ignore globs) -> bytes -> analyzeText.
import * as path from 'node:path';
import type { FileResult, LintReport, SkippedFile } from './types.js';
import { decodeBytes } from './source/index.js';
import { MAX_CONFIG_BYTES, NotReadError, readdirEntries, readRegularFile, realpath, stat } from './fs-async.js';
import { analyzeText, summarize, type AnalyzedFile, type LintOptions } from './lint.js';
import { mayFollowLink, mayWalk, scopeOfNamedFile, type ReadScope } from './read-scope.js';
import { ignoreMatcher, matchingIgnoreGlob } from './globs.js';
import { builtFrom, type ManifestCache } from './built-outputs.js';

export { globToRegExp, ignoreMatcher, matchingIgnoreGlob } from './globs.js';

/** Which files a search takes: a tool config's globs, relative to its folder `base`. */
export interface FileSelection {
  /** Files (and folders) to skip. */
  ignore: readonly string[];
  /** More file names a folder search takes (`*.conf`). */
  include: readonly string[];
  base: string;
}

export interface LintPathsOptions extends LintOptions {
  /** Glob patterns of files to skip, relative to `ignoreBase` (default cwd), when `selectionFor` is not given. */
  ignore?: string[];
  ignoreBase?: string;
  /** Glob patterns (relative to `ignoreBase`) of more file names a folder search takes (`*.conf`). */
  include?: string[];
  /**
   * The selection that applies to a file or folder: that of the nearest tool config above it (the CLI
   * gives it). Default: `ignore` and `include`, the same for every file.
   */
  selectionFor?: (file: string) => Promise<FileSelection>;
  /** --no-ignore: a file named on the command line is checked even when an ignore glob matches it. */
  noIgnore?: boolean;
}

/**
 * The matchers of each selection, made once per selection: the first ignore glob a path matches, and
 * whether an include glob takes a file name. Paths are relative to `cwd`.
 */
export function selectionMatchers(selectionFor: (file: string) => Promise<FileSelection>, cwd: string): {
  ignoredBy: (file: string) => Promise<string | undefined>;
  included: (file: string) => Promise<boolean>;
} {
  const made = new Map<FileSelection, { ignoredBy: (file: string) => string | undefined; included: (file: string) => boolean }>();
  const matchers = async (file: string) => {
    const selection = await selectionFor(file);
    let m = made.get(selection);
    if (!m) made.set(selection, m = { ignoredBy: matchingIgnoreGlob(selection.ignore, selection.base, cwd), included: ignoreMatcher(selection.include, selection.base, cwd) });
    return m;
  };
  return {
    ignoredBy: async (file) => (await matchers(file)).ignoredBy(file),
    included: async (file) => (await matchers(file)).included(file),
  };
}

const CONFIG_FILE = /\.(json|ya?ml)$/i;
const NOT_CONFIGS = /(^|\/)(package(-lock)?\.json|tsconfig(\.[^/]*)?\.json|\.sgconfrc(\.[a-z]+)?|composer\.json|\.?eslintrc\.json|[^/]*\.sgtest\.(json|ya?ml))$/i;

/** A test file of `sgconf test` (`*.sgtest.json|yaml|yml`). */
export const TEST_FILE = /\.sgtest\.(json|ya?ml)$/i;

/** Which files a folder walk of lint takes: gateway configs, not sgconf's test files or well-known non-configs. */
export function isConfigFileName(relative: string): boolean {
  return CONFIG_FILE.test(relative) && !NOT_CONFIGS.test(relative);
}

export async function lintPaths(paths: string[], options: LintPathsOptions = {}): Promise<LintReport> {
  const cwd = options.cwd ?? process.cwd();
  // Each file's ignore and include globs are those of the nearest tool config above it.
  const everywhere: FileSelection = { ignore: options.ignore ?? [], include: options.include ?? [], base: options.ignoreBase ?? cwd };
  const { ignoredBy, included } = selectionMatchers(options.selectionFor ?? (async () => everywhere), cwd);
  const isIgnored = async (file: string) => (await ignoredBy(file)) !== undefined;
  const accept = async (relative: string) => isConfigFileName(relative) || included(relative);
  const targets = await findConfigFiles(paths, cwd, isIgnored, accept, options.scope, options.noIgnore ?? false);
  const skipped: SkippedFile[] = [];
  const scopes = new Map<string, ReadScope | undefined>();

  const fetchCache = options.fetchCache ?? new Map<string, Promise<unknown>>();
  // One clock reading for the run: every file's certificates are judged at the same moment.
  const now = options.now ?? Date.now();
  // What `sgconf build` wrote from a source this run checks too: one verdict, the source's.
  const checked = new Set(targets.filter((t) => !t.error && !t.ignored).map((t) => path.resolve(cwd, t.file)));
  const manifests: ManifestCache = new Map();
  const results = await mapLimit(targets, 8, async (t): Promise<FileResult | null> => {
    if (t.error) return unreadable(t.file, t.error);
    if (t.ignored) return ignoredFile(t.file, (await ignoredBy(t.file))!);
    if (t.discovered) {
      const source = await builtFrom(t.file, cwd, manifests, (built) => checked.has(path.resolve(cwd, built)));
      if (source !== null) {
        skipped.push({ file: t.file, reason: `built by sgconf build from ${source}, whose findings it has` });
        return null;
      }
    }
    // What a config names is read from the config's own repository (found once per folder).
    const folder = path.dirname(path.resolve(cwd, t.file));
    let scope = scopes.get(folder);
    if (!scopes.has(folder)) scopes.set(folder, scope = scopeOfNamedFile(path.resolve(cwd, t.file), options.scope));
    const analyzed = await analyzeFile(t.file, { ...options, now, cwd, fetchCache, discovered: t.discovered, scope });
    if (analyzed.skipped) skipped.push({ file: t.file, reason: `not a gateway config: ${analyzed.skipReason ?? 'its keys are not a config\'s'}` });
    return analyzed.skipped ? null : analyzed.result;
  });
  const report = summarize(results.filter((r): r is FileResult => r !== null), options.target);
  if (skipped.length > 0) report.skipped = skipped.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return report;
}

/**
 * Reads one config as lint reads it (a regular file, size-capped, UTF-8) and runs the pipeline on it. A
 * file that cannot be read is a finding on that file, never an exception.
 */
export async function analyzeFile(file: string, options: LintOptions & { cwd: string }): Promise<AnalyzedFile> {
  const read = await readTextFile(file, options.cwd, options.scope);
  if ('text' in read) return analyzeText(read.text, file, options);
  // A .json/.yaml file that is not UTF-8 text (UTF-16, Latin-1) is reported even when a folder walk
  // found it: it may well be a config the gateway cannot read.
  return { result: read.failure, kind: null, document: null, functions: [], skipped: false };
}

/**
 * A file as text, read as every input of sgconf is read (a regular file, size-capped, UTF-8), or why it
 * cannot be: a finding on the file (at 1:1, or where its UTF-8 breaks).
 */
export async function readTextFile(file: string, cwd: string, scope?: ReadScope): Promise<{ text: string } | { failure: FileResult }> {
  let bytes: Uint8Array;
  try {
    bytes = await readRegularFile(path.resolve(cwd, file), MAX_CONFIG_BYTES, scope);
  } catch (error) {
    if (error instanceof NotReadError && error.code === 'EFBIG') return { failure: unreadable(file, `${error.message}: a gateway config is a few MB at most`, 'source/too-large') };
    return { failure: unreadable(file, fsMessage(error)) };
  }
  const decoded = decodeBytes(bytes);
  if (decoded.text === null) return { failure: { file, kind: null, diagnostics: decoded.diagnostics } };
  return { text: decoded.text };
}

/**
 * The named folders in which a run found nothing to report (no gateway config, or every one ignored). As
 * ESLint does for a pattern that matches no file, each is misuse even when other paths found configs: a
 * typo in a CI path must not pass quietly.
 */
export async function foldersWithoutConfigs(paths: readonly string[], results: readonly FileResult[], cwd: string): Promise<string[]> {
  const found = results.map((r) => path.resolve(cwd, r.file));
  const empty: string[] = [];
  for (const p of paths) {
    const folder = path.resolve(cwd, p);
    const info = await stat(folder).catch(() => null);
    if (!info?.isDirectory()) continue;
    if (!found.some((f) => f === folder || f.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep))) empty.push(p);
  }
  return empty;
}

/** How many folder entries one search looks at, at most (a repository of configs has a few thousand). */
export const MAX_WALK_ENTRIES = 200_000;

/** A file a run reads: named by the user, or found by a folder walk; `error` when the path cannot be read. */
export interface Target {
  file: string;
  discovered: boolean;
  error?: string;
  /** Named on the command line, and an ignore glob matches it: not read, and said so (config/ignored). */
  ignored?: boolean;
}

/**
 * The files named, and the *.json/*.yaml/*.yml files under the folders named (hidden folders and
 * node_modules skipped, well-known non-configs such as package.json too). Paths are as given, joined.
 */
export async function findConfigFiles(
  paths: readonly string[], cwd: string, isIgnored: (file: string) => boolean | Promise<boolean> = () => false,
  accept: (relative: string) => boolean | Promise<boolean> = isConfigFileName, scope?: ReadScope, noIgnore = false,
): Promise<Target[]> {
  const targets: Target[] = [];
  // A bound on the folder search: a tree past it is not a repository of configs (a link to / would be).
  let entriesLeft = MAX_WALK_ENTRIES;
  let stopped = false;
  // Folders already walked, by real path: symbolic links are followed (Kubernetes mounts a ConfigMap as
  // links into a hidden ..data folder) and a link back up the tree must not loop.
  const walked = new Set<string>();
  // Files by real path: one reached twice (a link to it, or a folder link back up the tree) is read once.
  const seen = new Set<string>();
  const walk = async (dir: string): Promise<void> => {
    let entries;
    let real: string;
    try {
      real = await realpath(path.resolve(cwd, dir));
      if (walked.has(real) || !mayWalk(real)) return;
      walked.add(real);
      entries = await readdirEntries(path.resolve(cwd, dir));
    } catch (error) {
      targets.push({ file: dir, discovered: false, error: fsMessage(error) });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (stopped) return;
      if (--entriesLeft < 0) {
        stopped = true;
        targets.push({ file: dir, discovered: false, error: `the folder search stopped after ${MAX_WALK_ENTRIES.toLocaleString('en-US')} entries: name the folders that hold the configs` });
        return;
      }
      const child = path.join(dir, entry.name);
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        // A link is followed only to a place inside the repository (or one the user allowed): a committed
        // link to / or to the CI machine's files leads nowhere.
        const to = await realpath(path.resolve(cwd, child)).catch(() => null);
        if (to === null || !mayFollowLink(to, scope)) continue;
        const target = await stat(to).catch(() => null);
        isDirectory = target?.isDirectory() ?? false;
        isFile = target?.isFile() ?? false;
      }
      if (isDirectory) {
        if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
        if (!(await isIgnored(child))) await walk(child);
      } else if (isFile && (await accept(child.split(path.sep).join('/'))) && !(await isIgnored(child))) {
        const realFile = entry.isSymbolicLink() ? await realpath(path.resolve(cwd, child)).catch(() => child) : path.join(real, entry.name);
        if (seen.has(realFile)) continue;
        seen.add(realFile);
        targets.push({ file: child, discovered: true });
      }
    }
  };
  for (const p of paths) {
    let info;
    try {
      info = await stat(path.resolve(cwd, p));
    } catch (error) {
      targets.push({ file: p, discovered: false, error: fsMessage(error) });
      continue;
    }
    if (info.isDirectory()) await walk(p);
    else if (!noIgnore && (await isIgnored(p))) {
      // Named, yet ignored: pre-commit passes every staged file, and an ignored one is no error.
      targets.push({ file: p, discovered: false, ignored: true });
    } else {
      seen.add(await realpath(path.resolve(cwd, p)).catch(() => path.resolve(cwd, p)));
      targets.push({ file: p, discovered: false });
    }
  }

  return targets;
}

/** A named file an ignore glob matches: an info that says so, and nothing of the file read. */
function ignoredFile(file: string, glob: string): FileResult {
  return {
    file, kind: null,
    diagnostics: [{
      rule: 'config/ignored', severity: 'info', message: `not checked: the tool config's ignore pattern "${glob}" matches this file`,
      detail: 'Pass --no-ignore to check it anyway.', pointer: '', line: 1, column: 1, endLine: 1, endColumn: 1,
    }],
  };
}

function unreadable(file: string, message: string, rule = 'source/unreadable'): FileResult {
  return { file, kind: null, diagnostics: [{ rule, severity: 'error', message, pointer: '', line: 1, column: 1, endLine: 1, endColumn: 1 }] };
}

/** Why a path could not be read, in words (the same for every command). */
export function fsMessage(error: unknown): string {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'ENOENT': return 'no such file or directory';
    case 'EACCES':
    case 'EPERM': return 'permission denied: the file cannot be read';
    case 'EISDIR': return 'this is a directory, not a file';
    case 'ENOTDIR': return 'a part of this path is not a directory';
    case 'ENOTREG':
    case 'EFBIG': return (error as Error).message;
    default: return `cannot be read: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** `fn` of each item, at most `limit` at a time (a folder of a thousand configs must not open a thousand files at once). */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
