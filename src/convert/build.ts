// sgconf build: 3.x sources (JSON, the gateway's dialect, or YAML; functions in their own files) compiled
// into deployable JSON with every function inlined. Lints first and refuses on any error.
import { MAX_CONFIG_BYTES, readRegularFile } from '../fs-async.js';
import { findConfigFiles, fsMessage } from '../files.js';
import { decodeBytes } from '../source/index.js';
import path from 'node:path';
import { analyzeText, type LintOptions } from '../lint.js';
import { isObject, joinPointer, splitPointer, type Diagnostic, type FileResult, type JsonValue, type RawDiagnostic } from '../types.js';
import type { LocNode } from '../source/json.js';
import { keepNumberText, numberLosesValue, parseDialect, type DialectParse } from './dialect.js';
import { holdsSecret, serialize } from './emit.js';
import { findKey } from '../document/databases.js';
import { CONVERT_RULES } from './legacy.js';
import { databaseFileName, locate, maskSpans, withoutBareValueFindings } from './run.js';
import type { OutputFile } from './writer.js';

export interface BuildOptions {
  cwd: string;
  lint?: Partial<LintOptions>;
  /** Which files a folder search takes (a path relative to `cwd`, or absolute); default: config file names. */
  accept?: (file: string) => boolean;
  /** The files and folders the folder search skips (the tool config's `ignore`). */
  isIgnored?: (file: string) => boolean;
}

export interface BuildOutcome {
  results: FileResult[];
  ok: boolean;
  files: OutputFile[];
  /** Source text by file as given (for code frames). */
  sources: Map<string, string>;
}

interface Source {
  file: string;
  text: string;
  kind: 'bootstrap' | 'database';
  value: JsonValue;
  bareReferences: readonly string[];
}

export async function buildSources(paths: readonly string[], options: BuildOptions): Promise<BuildOutcome> {
  const results: FileResult[] = [];
  const sources = new Map<string, string>();
  const inputs: Source[] = [];
  // The folder walk of lint (links followed within the repository, as a ConfigMap mount needs; loops guarded).
  const files = (await findConfigFiles(paths, options.cwd, options.isIgnored, options.accept, options.lint?.scope)).filter((t) => !t.ignored);
  for (const { file, discovered, error } of files) {
    if (error !== undefined) {
      results.push({ file, kind: null, diagnostics: [problem(`cannot read the file: ${error}`)] });
      continue;
    }
    const absolute = path.resolve(options.cwd, file);
    // One reading for lint, convert and build: a regular file, size-capped, UTF-8 or refused (never
    // decoded with replacement characters that the build would then write).
    let bytes: Buffer;
    try {
      bytes = await readRegularFile(absolute, MAX_CONFIG_BYTES, options.lint?.scope);
    } catch (error) {
      results.push({ file, kind: null, diagnostics: [problem(`cannot read the file: ${fsMessage(error)}`)] });
      continue;
    }
    const decoded = decodeBytes(bytes);
    if (decoded.text === null) {
      results.push({ file, kind: null, diagnostics: decoded.diagnostics });
      continue;
    }
    const text = decoded.text;
    sources.set(file, text);
    const yaml = /\.ya?ml$/i.test(file);
    let parsed: DialectParse | undefined;
    if (!yaml) {
      try {
        parsed = parseDialect(text, null);
      } catch {
        // The lint says where and why.
      }
    }
    // The lint judges the references by the deployment's variables (options.lint.env: its env files and the
    // tool config's env, never this machine's) and reads the text as sgconf lint does: a variable no file
    // declares is an error, a declared one is expanded, a placeholder allowed where a number belongs. Without
    // them (an API caller's options), a bare reference is masked as a number and the findings about its
    // value are set aside. The output keeps every reference as written (parsed.value, the YAML as read).
    const env = options.lint?.env ?? null;
    // Every input of a build is a build source: function paths resolve against the source's folder.
    const lintInput = parsed && env === null ? maskSpans(text, parsed.bareSpans) : text;
    const analyzed = await analyzeText(lintInput, file, {
      remote: true, ...options.lint, env, cwd: options.cwd, purpose: 'build', discovered, sources: { globs: ['**'], base: options.cwd },
    });
    if (analyzed.skipped) continue;
    const result = analyzed.result;
    if (parsed && env === null) result.diagnostics = withoutBareValueFindings(result.diagnostics, lintInput, file, env, parsed.value);
    results.push(result);
    if (analyzed.kind === 'legacy') {
      result.diagnostics.unshift(problem('this is a legacy config: legacy configs are converted, not built (sgconf convert <file> --out <dir>)'));
      continue;
    }
    if (result.diagnostics.some((d) => d.severity === 'error') || !analyzed.kind) continue;
    let value: JsonValue;
    let bareReferences: readonly string[] = [];
    if (parsed) {
      value = parsed.value;
      bareReferences = parsed.bareReferences;
    } else {
      // The pipeline's own YAML reading (duplicate keys: the last wins; alias limits), as the lint read it.
      const { parseYamlWithLocations } = await import('../source/yaml.js');
      const yaml = parseYamlWithLocations(text);
      value = yaml.value;
      const kept: string[] = [];
      const inexact = keepYamlNumbers(text, value, yaml.root, kept);
      bareReferences = kept;
      if (inexact.length > 0) {
        for (const d of locate(text, file, env, inexact)) result.diagnostics.push(d);
        continue;
      }
    }
    // Inline every function the pipeline read from a file or URL. The gateway expands environment
    // references in these configs but never in function files, so each `$` is written `$$`.
    for (const fn of analyzed.functions) {
      if (fn.source === null && fn.notRead) {
        // Kept as a URL, the output would not load (3.x database configs hold the function itself).
        result.diagnostics.push({
          ...locate(lintInput, file, env, [{ rule: CONVERT_RULES.functionSource, severity: 'error', pointer: fn.pointer, message: '' }])[0]!,
          pointer: fn.pointer,
          message: `the function names the ${fn.origin === 'url' ? 'URL' : 'file'} ${fn.location}, which was not ${fn.origin === 'url' ? 'fetched' : 'read'}: ${fn.notRead}; build inlines every function, so it needs its text (or put the function in a file beside the sources)`,
        });
        continue;
      }
      if (fn.origin === 'inline' || fn.source === null) continue;
      const written = setAtPointer(value, fn.pointer, fn.source.replace(/\$/g, '$$$$'));
      if (written === undefined) continue;
      const inlined = { rule: CONVERT_RULES.functionSource, severity: 'info' as const, pointer: fn.pointer, message: `the function is inlined from the ${fn.origin} ${fn.location}` };
      result.diagnostics.push({ ...locate(lintInput, file, env, [{ ...inlined, pointer: written }])[0]!, pointer: fn.pointer });
    }
    inputs.push({ file, text, kind: analyzed.kind, value, bareReferences });
  }

  const out: OutputFile[] = [];
  const bootstraps = inputs.filter((s) => s.kind === 'bootstrap');
  if (bootstraps.length > 1) {
    for (const s of bootstraps.slice(1)) {
      resultOf(results, s.file).diagnostics.push(problem(`a second bootstrap config (the first is ${bootstraps[0].file}); a build has one bootstrap.json`));
    }
  } else if (bootstraps.length === 1) {
    out.push(outputFile('bootstrap.json', bootstraps[0]));
  }
  const byName = new Map<string, string>();
  for (const s of inputs.filter((x) => x.kind === 'database')) {
    const nameKey = isObject(s.value) ? findKey(s.value, 'name') : undefined;
    const named = nameKey !== undefined && isObject(s.value) ? s.value[nameKey] : undefined;
    const name = typeof named === 'string' && named !== '' ? named : path.basename(s.file).replace(/\.(json|ya?ml)$/i, '');
    const earlier = byName.get(name);
    if (earlier !== undefined) {
      resultOf(results, s.file).diagnostics.push(problem(`database "${name}" is also built from ${earlier}; each database needs one source (its "name", or its file name)`));
      continue;
    }
    byName.set(name, s.file);
    out.push(outputFile(`databases/${databaseFileName(name)}.json`, s));
  }
  if (inputs.length === 0 && results.every((r) => r.diagnostics.every((d) => d.severity !== 'error'))) {
    results.push({ file: paths.join(' '), kind: null, diagnostics: [problem('no bootstrap or database config found to build')] });
  }
  const ok = results.every((r) => r.diagnostics.every((d) => d.severity !== 'error'));
  return { results, ok, files: ok ? out : [], sources };
}

function outputFile(file: string, source: Source): OutputFile {
  return { path: file, content: serialize(source.value, source.bareReferences), secret: holdsSecret(source.value), source: source.file };
}

function resultOf(results: FileResult[], file: string): FileResult {
  return results.find((r) => r.file === file)!;
}

function problem(message: string): Diagnostic {
  return { rule: CONVERT_RULES.buildInput, severity: 'error', message, pointer: '', line: 1, column: 1, endLine: 1, endColumn: 1 };
}

/**
 * Set a string value at a canonical pointer, matching keys case-insensitively (sources may spell keys
 * differently). Returns the pointer with the keys as written, or undefined when there is no string there.
 */
function setAtPointer(root: JsonValue, pointer: string, value: string): string | undefined {
  const tokens = splitPointer(pointer);
  let node: JsonValue = root;
  let written = '';
  for (let i = 0; i < tokens.length; i++) {
    let key: string | number | undefined;
    if (Array.isArray(node)) key = Number(tokens[i]);
    else if (isObject(node)) key = findKey(node, tokens[i]!);
    if (key === undefined) return undefined;
    written = joinPointer(written, key);
    const container = node as Record<string | number, JsonValue>;
    if (i === tokens.length - 1) {
      if (typeof container[key] !== 'string') return undefined;
      container[key] = value;
      return written;
    }
    node = container[key]!;
  }
  return undefined;
}

/**
 * YAML numbers written as JSON: a decimal number whose value a double cannot hold (beyond 2^53, 1e309,
 * 1e-400) is kept as written, like the JSON reader keeps it; a number with no exact JSON form
 * (.inf, .nan, a hexadecimal beyond 2^53) is returned as a problem (JSON.stringify would write null or
 * another number). Replaces numbers in `value` by placeholders of `kept`.
 */
function keepYamlNumbers(text: string, value: JsonValue, root: LocNode, kept: string[]): RawDiagnostic[] {
  const problems: RawDiagnostic[] = [];
  // An explicit stack: the parser already capped the nesting, but input never drives recursion here.
  const stack: { value: JsonValue; node: LocNode | undefined; pointer: string }[] = [{ value, node: root, pointer: '' }];
  while (stack.length > 0) {
    const { value: v, node, pointer } = stack.pop()!;
    if (Array.isArray(v)) {
      const children = Array.isArray(node?.children) ? node.children : [];
      v.forEach((item, i) => {
        if (typeof item === 'number') v[i] = numberAsJson(item, children[i], joinPointer(pointer, i));
        else stack.push({ value: item, node: children[i], pointer: joinPointer(pointer, i) });
      });
    } else if (isObject(v)) {
      const children = node?.children instanceof Map ? node.children : new Map<string, LocNode>();
      for (const [k, item] of Object.entries(v)) {
        const at = joinPointer(pointer, k);
        if (typeof item === 'number') v[k] = numberAsJson(item, children.get(k), at);
        else stack.push({ value: item, node: children.get(k), pointer: at });
      }
    }
  }
  return problems;

  function numberAsJson(n: number, node: LocNode | undefined, pointer: string): number | string {
    const written = node ? text.slice(node.start, node.end).trim() : '';
    // YAML's number is the value, not the text: 1.0e3 is written 1000 (a Go integer field takes only that),
    // and only a value a double cannot hold is kept as written.
    if (numberLosesValue(written)) return keepNumberText(written, kept);
    if (!Number.isFinite(n) || (Number.isInteger(n) && !Number.isSafeInteger(n) && written !== JSON.stringify(n))) {
      problems.push({
        rule: CONVERT_RULES.buildInput, severity: 'error', pointer,
        message: `the YAML number ${written || String(n)} has no exact JSON form (JSON has no infinity or NaN, and this value would be written as another number); write it as a decimal number`,
      });
    }
    return n;
  }
}
