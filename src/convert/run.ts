// convert, end to end but without writing: read the legacy file, lint it, refuse on errors, convert,
// lint every output, and return the files that would be written.
import path from 'node:path';
import { MAX_CONFIG_BYTES, readRegularFile } from '../fs-async.js';
import { decisionsFile, loadScript } from './next-steps.js';
import { fsMessage } from '../files.js';
import { analyzeText, lintText, type LintOptions } from '../lint.js';
import { fixText } from '../fix/run.js';
import { isObject, joinPointer, splitPointer, type Diagnostic, type FileResult, type Fix, type ReportedDecision, type JsonObject, type JsonValue, type RawDiagnostic } from '../types.js';
import { decodeBytes, formatFromPath, locateNearest, parseSource } from '../source/index.js';
import { bareReferenceIndex, DialectError, parseDialect, type DialectParse } from './dialect.js';
import { databaseFileName, holdsSecret, serialize } from './emit.js';
export { databaseFileName };
import { convertLegacy, CONVERT_RULES } from './legacy.js';
import type { ConversionResult, ResolvedSource } from './types.js';
import type { OutputFile } from './writer.js';
import { NEWEST_RELEASE, newestNotRefusing, type Release } from '../releases/index.js';
import { isTaken, type Decision, type TakenDecisions } from './decisions.js';
import { BEHAVIOUR } from '../releases/behaviour.js';

export interface ConvertFileOptions {
  /** Directory relative function paths resolve against (the gateway's working directory). */
  cwd: string;
  /** Environment for `--expand-env`; undefined keeps references as written. */
  expandEnv?: Record<string, string | undefined>;
  groupId?: string;
  /** Extra options for the lint runs (rule overrides, edition...). */
  lint?: Partial<LintOptions>;
  /** Rule overrides for the check of the outputs only (stricter gates for what gets written). */
  outputRules?: LintOptions['rules'];
  /** Choices for the conversion's decisions, by decision id. */
  decisions?: TakenDecisions;
}

export interface ConvertOutcome {
  /** The lint-shaped result for the input file (all diagnostics, lint's and the converter's). */
  result: FileResult;
  /** True when the conversion may be written. */
  ok: boolean;
  files: OutputFile[];
  conversion?: ConversionResult;
  /** The bytes that were converted (the writer checks the original did not change since). */
  originalBytes?: Uint8Array;
  /** The text of the input, for code frames. */
  sourceText?: string;
  /** The release the output is for: the requested target, or an older one a decision chose. */
  target: Release;
}

/**
 * Which error-severity findings stop a conversion: only what the converter cannot write faithfully, or
 * what the target release would not start or load. Everything else (security advice, files on the
 * gateway host, deprecations, the tool's own opinions) is reported with the conversion and does not stop it.
 * The list of refusals in docs/convert.md is this table.
 */
export const CONVERSION_BLOCKERS: readonly { rules: string; why: string }[] = [
  { rules: 'source/', why: 'the file cannot be read or parsed the way the gateway reads it' },
  { rules: 'schema/', why: 'the gateway refuses the legacy file (unknown field, wrong type or value), so its meaning is not known' },
  { rules: 'convert/', why: "the converter's own checks: a setting it cannot carry over faithfully" },
  { rules: 'functions/', why: 'a function the target cannot load or compile: the database would not load' },
  { rules: 'database/', why: 'the target refuses to load the database' },
  { rules: 'webhook/', why: 'an event handler the target refuses, or whose every post fails' },
  { rules: 'replication/', why: 'a replication the target refuses' },
  { rules: 'sgreplicate/', why: 'sg-replicate 1 replications, which no 3.x or 4.x release starts with' },
  { rules: 'upgrade/', why: 'a legacy setting that has no faithful 3.x form (shared buckets, shadowing, removed keys, servers that differ)' },
  { rules: 'bootstrap/', why: 'the target refuses to start with the bootstrap config' },
  { rules: 'security/non-tls-server', why: 'the target refuses to start with a server address without TLS unless use_tls_server is false' },
];

/** Whether a finding stops the conversion (see CONVERSION_BLOCKERS). */
export function isConversionBlocker(d: Pick<Diagnostic, 'rule' | 'severity'>): boolean {
  return d.severity === 'error' && CONVERSION_BLOCKERS.some((b) => d.rule.startsWith(b.rules));
}

/**
 * Lint findings about what the conversion itself takes care of, and reports in its own words
 * (convert/shared-bucket-access, convert/credentials, principals files, convert/overwritten-value).
 */
export const HANDLED_BY_CONVERT: Readonly<Record<string, 'off'>> = {
  'upgrade/shared-bucket-access-off': 'off',
  'upgrade/credentials-differ': 'off',
  'upgrade/principals': 'off',
  'upgrade/slow-query-threshold': 'off',
  // Where each credential goes is convert/credentials' finding; the outputs keep references as written.
  'security/secret-in-file': 'off',
  // A walrus folder is the walrus-folder decision, "walrus:" is written as the target's store in memory, and a
  // rosmar address the target cannot open is convert/server-address's refusal.
  'upgrade/walrus-server': 'off',
};

export async function convertFile(file: string, options: ConvertFileOptions): Promise<ConvertOutcome> {
  const taken = options.decisions ?? new Map<string, string>();
  const target = outputTarget(options.lint?.target ?? NEWEST_RELEASE, taken);
  let bytes: Buffer;
  try {
    bytes = await readRegularFile(file, MAX_CONFIG_BYTES, options.lint?.scope);
  } catch (error) {
    return refused(file, null, target, [atTop(CONVERT_RULES.unreadable, `cannot read the file: ${fsMessage(error)}`)]);
  }
  // One reading of bytes for lint and convert: text that is not UTF-8 is refused, never guessed.
  const decoded = decodeBytes(bytes);
  if (decoded.text === null) return refused(file, null, target, decoded.diagnostics);
  const text = decoded.text;
  const env = options.expandEnv ?? null;
  // Parse first (our reader keeps environment references bare in number/boolean positions); a text that
  // does not parse is left to the lint, which says where and why.
  let parsed: DialectParse | undefined;
  let parseError: string | undefined;
  try {
    parsed = parseDialect(text, env);
  } catch (error) {
    parseError = error instanceof DialectError ? error.message : String(error);
  }
  // The lint sees a bare reference as a number of the same length (positions stay right) and its findings
  // about that value are dropped: a value known only at run time cannot be checked.
  const lintInput = parsed ? maskSpans(text, parsed.bareSpans) : text;
  const analyzed = await analyzeText(lintInput, file, {
    remote: true, cwd: options.cwd, ...options.lint, target, env, rules: { ...options.lint?.rules, ...HANDLED_BY_CONVERT },
  });
  const lint = analyzed.result;
  if (parsed) lint.diagnostics = withoutBareValueFindings(lint.diagnostics, lintInput, file, env, parsed.value);
  if (lint.kind === 'bootstrap' || lint.kind === 'database') {
    return refused(file, lint.kind, target, [atTop(CONVERT_RULES.notLegacy, `this is already a 3.x ${lint.kind} config, not a legacy one`,
      'There is nothing to convert: use "sgconf build" to compile 3.x sources.')], undefined, text);
  }
  if (!parsed || lint.kind !== 'legacy') {
    // A text the lint already placed a source error in (source/syntax at its line and column) needs no
    // second error at 1:1 saying the same; convert/unreadable stays for a failure only this reader sees.
    const explained = lint.diagnostics.some((d) => d.severity === 'error' && d.rule.startsWith('source/'));
    const unreadable = parsed || explained ? [] : [atTop(CONVERT_RULES.unreadable, parseError ?? 'the file cannot be parsed')];
    return refused(file, lint.kind, target, [...lint.diagnostics, ...unreadable], undefined, text);
  }

  // The lint already read every function file and URL (and reported what it could not read).
  const functionSources = new Map<string, ResolvedSource>();
  for (const fn of analyzed.functions) {
    if (fn.origin === 'inline') continue;
    functionSources.set(fn.pointer, {
      origin: fn.origin, location: fn.location ?? fn.value, source: fn.source,
      ...(fn.notRead ? { error: `it was not ${fn.origin === 'url' ? 'fetched' : 'read'}: ${fn.notRead}` } : {}),
    });
  }
  // The conversion runs even when the lint found errors, so that one run lists every decision too.
  const conversion = convertLegacy(parsed.value, {
    groupId: options.groupId, functionSources, expanded: env !== null, bareReferences: parsed.bareReferences,
    target, decisions: taken,
  });
  // A lint finding that a decision answers is the decision's question, not an error of its own.
  const answered = (d: Diagnostic) => conversion.decisions.some((q) => q.answers.some((a) => a.rule === d.rule && (a.pointer === undefined || a.pointer === d.pointer)));
  const diagnostics = mergeDiagnostics(lint.diagnostics.filter((d) => !answered(d)), locate(lintInput, file, env, conversion.diagnostics))
    .sort((x, y) => x.line - y.line || x.column - y.column || x.rule.localeCompare(y.rule));
  if (diagnostics.some(isConversionBlocker)) return refused(file, 'legacy', target, diagnostics, conversion, text);

  const files = outputFiles(conversion, parsed.bareReferences);
  // Every output must lint clean: a conversion that would not start is refused, never written.
  const problems: RawDiagnostic[] = [];
  const databaseOf = new Map(Object.keys(conversion.databases).map((name) => [`databases/${databaseFileName(name)}.json`, name]));
  for (const out of files) {
    if (out.path.startsWith('principals/')) continue;
    const outKind = out.path === 'bootstrap.json' ? 'bootstrap' : 'database';
    // enable_shared_bucket_access false is written on purpose (the gateway's own choice, with an info saying how to opt in).
    const outputLint: LintOptions = {
      remote: false, cwd: options.cwd, ...options.lint, target, env: null, kind: outKind,
      rules: { ...options.lint?.rules, 'upgrade/shared-bucket-access-off': 'off', ...options.outputRules },
    };
    let checked = await lintDialect(out.content, out.path, outputLint);
    // The output is written in the forms the target reads without a warning: the safe fixes of its own
    // findings (a deprecated alias, a moved key), as lint --fix would apply them. A removal is not among
    // them: what the target ignores the conversion drops itself, naming it, and a field no step names stays
    // written rather than go unnamed. A text with bare environment references (serialize writes them
    // unquoted) is left as it is: the fixes work on JSON.
    const keepsEveryField = (fix: Fix) => fix.op !== 'remove-member';
    if (checked.diagnostics.some((d) => d.fix && keepsEveryField(d.fix)) && parsed.bareReferences.length === 0) {
      const fixed = await fixText(out.content, out.path, outputLint, checked.diagnostics, keepsEveryField);
      if (fixed.fixed > 0) {
        out.content = fixed.text;
        checked = await lintDialect(out.content, out.path, outputLint);
      }
    }
    const database = databaseOf.get(out.path);
    for (const d of checked.diagnostics.filter(isConversionBlocker)) {
      // Checks the automatic upgrade skips but PUT /{db}/ applies: a problem of the input, said as such.
      const byGateway = /^(database|bootstrap|schema)\//.test(d.rule);
      problems.push({
        rule: CONVERT_RULES.outputInvalid, severity: 'error',
        // A database output comes from databases.<name> of the input: point there (the bootstrap config is assembled from all over).
        pointer: database === undefined ? '' : conversion.writtenPointer(joinPointer('/databases', database, ...splitPointer(d.pointer))),
        message: byGateway ? `Sync Gateway ${target} would reject the converted ${out.path} (${d.rule})` : `the converted ${out.path} would not pass lint (${d.rule})`,
        detail: `At "${d.pointer}": ${d.message}${/[.!?]$/.test(d.message) ? '' : '.'} ${byGateway ? 'Fix this in the legacy config, then convert again.' : 'Please report this conversion.'}`,
      });
    }
  }
  for (const d of locate(lintInput, file, env, problems)) diagnostics.push(d);
  if (diagnostics.some(isConversionBlocker)) return refused(file, 'legacy', target, diagnostics, conversion, text);
  files.push(loadScript(conversion, files, target, path.basename(file), parsed.bareReferences));
  const decisions = decisionsFile(conversion.decisions);
  if (decisions) files.push(decisions);
  return {
    result: { file, kind: 'legacy', diagnostics, ...(conversion.decisions.length > 0 ? { decisions: conversion.decisions.map(reported) } : {}) },
    ok: true, files, conversion, originalBytes: bytes, sourceText: text, target,
  };
}

/** The release the output is for: the requested one, unless the shared-bucket-access decision keeps it off (then the newest that loads that). */
function outputTarget(requested: Release, taken: TakenDecisions): Release {
  if (taken.get('shared-bucket-access') !== 'keep-off') return requested;
  return newestNotRefusing(BEHAVIOUR.get('shared-bucket-access-off')!, requested) ?? requested;
}

/** A decision as the JSON report shows it (the contract's "convert: decisions"). */
function reported(decision: Decision): ReportedDecision {
  return {
    id: decision.id, question: decision.question, choices: decision.choices.map((c) => ({ id: c.id, effect: c.effect })),
    source: decision.source, ...(isTaken(decision) ? { taken: decision.taken } : {}),
  };
}


export function outputFiles(conversion: ConversionResult, bareReferences: readonly string[] = []): OutputFile[] {
  const files: OutputFile[] = [
    { path: 'bootstrap.json', content: serialize(conversion.bootstrap, bareReferences), secret: holdsSecret(conversion.bootstrap) },
  ];
  for (const [name, db] of Object.entries(conversion.databases)) {
    files.push({ path: `databases/${databaseFileName(name)}.json`, content: serialize(db, bareReferences), secret: holdsSecret(db) });
  }
  for (const [name, principals] of Object.entries(conversion.principals)) {
    const value = principals as unknown as JsonObject;
    files.push({ path: `principals/${databaseFileName(name)}.json`, content: serialize(value, bareReferences), secret: holdsSecret(value) });
  }
  return files;
}

function refused(file: string, kind: FileResult['kind'], target: Release, diagnostics: Diagnostic[], conversion?: ConversionResult, sourceText?: string): ConvertOutcome {
  const decisions = conversion?.decisions.map(reported);
  return { result: { file, kind, diagnostics, ...(decisions && decisions.length > 0 ? { decisions } : {}) }, ok: false, files: [], conversion, sourceText, target };
}

function atTop(rule: string, message: string, detail?: string): Diagnostic {
  return { rule, severity: 'error', message, ...(detail ? { detail } : {}), pointer: '', line: 1, column: 1, endLine: 1, endColumn: 1 };
}

/** The converter must not repeat what the lint already said about the same value. */
function mergeDiagnostics(fromLint: Diagnostic[], fromConverter: Diagnostic[]): Diagnostic[] {
  const seen = new Set(fromLint.map((d) => `${d.pointer}\u0000${d.severity}`));
  return [...fromLint, ...fromConverter.filter((d) => !seen.has(`${d.pointer}\u0000${d.severity}`) || d.severity === 'info')];
}

/** Lint a text that may hold bare environment references (they are masked; findings about them dropped). */
export async function lintDialect(text: string, file: string, options: LintOptions): Promise<FileResult> {
  let parsed: DialectParse | undefined;
  try {
    parsed = parseDialect(text, null);
  } catch {
    // The lint reports why.
  }
  const lintInput = parsed ? maskSpans(text, parsed.bareSpans) : text;
  const result = await lintText(lintInput, file, options);
  if (parsed) result.diagnostics = withoutBareValueFindings(result.diagnostics, lintInput, file, null, parsed.value);
  return result;
}

export function maskSpans(text: string, spans: readonly { start: number; end: number }[]): string {
  let out = '';
  let last = 0;
  for (const { start, end } of spans) {
    out += text.slice(last, start) + '0'.padEnd(end - start, ' ');
    last = end;
  }
  return out + text.slice(last);
}

/**
 * The lint's findings without those about the value of a bare environment reference (the lint saw a
 * masked number there; the value is known only at run time). Findings about the key (an unknown or
 * misspelt field holding a reference) stay: they are placed at the key, not at the value.
 */
export function withoutBareValueFindings(
  diagnostics: Diagnostic[], lintInput: string, file: string, env: Record<string, string | undefined> | null, value: JsonValue,
): Diagnostic[] {
  const pointers = [...placeholderPointers(value)];
  if (pointers.length === 0) return diagnostics;
  const atValue = new Set(locate(lintInput, file, env, pointers.map((pointer) => ({ rule: '', severity: 'info' as const, message: '', pointer })))
    .map((d) => `${d.pointer}\u0000${d.line}:${d.column}`));
  return diagnostics.filter((d) => !atValue.has(`${d.pointer}\u0000${d.line}:${d.column}`));
}

export function placeholderPointers(value: JsonValue): Set<string> {
  const out = new Set<string>();
  const walk = (v: JsonValue, pointer: string) => {
    if (bareReferenceIndex(v) !== undefined) out.add(pointer);
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, joinPointer(pointer, i)));
    else if (isObject(v)) for (const [k, x] of Object.entries(v)) walk(x, joinPointer(pointer, k));
  };
  walk(value, '');
  return out;
}

/**
 * Positions for converter diagnostics, found by the pipeline's parser in the text the lint read (bare
 * references masked; `env` as for the lint). Pointers are as written; a pointer that is not in the file
 * (a field the conversion adds) is placed at its nearest ancestor's key.
 */
export function locate(text: string, file: string, env: Record<string, string | undefined> | null, raw: readonly RawDiagnostic[]): Diagnostic[] {
  if (raw.length === 0) return [];
  const { source, document } = parseSource(text, file, { env, format: formatFromPath(file) });
  return raw.map((d) => {
    const span = locateNearest(document, d.pointer, d.target ?? 'value');
    const from = source.lines.position(span.start);
    const to = source.lines.position(span.end);
    return {
      rule: d.rule, severity: d.severity, message: d.message, ...(d.detail ? { detail: d.detail } : {}),
      pointer: d.pointer, line: from.line, column: from.column, endLine: to.line, endColumn: to.column,
    };
  });
}
