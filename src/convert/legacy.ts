// The pure conversion of a legacy config into 3.x configs (reference 8.2-8.5), with the deliberate
// improvements listed in docs/convert.md: a deterministic bootstrap identity, credentials of every database kept,
// principals of every database, function files inlined, environment references kept, nothing dropped silently.
// The parts, in the order they run: refusals.ts, identity.ts, bootstrap.ts, database.ts.
import { normalizeKeys } from '../schema/normalize.js';
import { isObject, joinPointer, splitPointer, type JsonObject, type JsonValue } from '../types.js';
import { isTestStoreAddress } from './address.js';
import { bareReferenceIndex, hasEnvironmentReference } from './dialect.js';
import { expandsEnvironment } from '../releases/reading.js';
import { NEWEST_RELEASE } from '../releases/index.js';
import { CONVERT_RULES, createConversion, escapeDollars, type Conversion, type Report } from './conversion.js';
import { databasesToConvert } from './refusals.js';
import { convertSgReplicate } from './sg-replicate.js';
import { readServers } from './identity.js';
import { bootstrapConfig } from './bootstrap.js';
import { convertDatabases } from './database.js';
import type { ConversionResult, ConvertOptions } from './types.js';
import { isTaken, pendingDiagnostic, unusedChoices } from './decisions.js';

export { CONVERT_RULES } from './conversion.js';

/**
 * Convert a parsed legacy config. Pure: the caller reads function files and URLs beforehand
 * (`options.functionSources`) and does all writing. The gateway matches keys case-insensitively, so the
 * config is normalised to the schemas' spelling once (as the lint pipeline does) and every pointer in the
 * result is mapped back to the keys as written.
 */
export function convertLegacy(config: JsonValue, options: ConvertOptions = {}): ConversionResult {
  if (!isObject(config)) {
    return {
      bootstrap: {}, databases: {}, principals: {}, dropped: [], identityFrom: null, credentialsFor: [], decisions: [], writtenPointer: (p) => p,
      diagnostics: [{ rule: CONVERT_RULES.unreadable, severity: 'error', pointer: '', message: 'the config is not a JSON object' }],
    };
  }
  const normalized = normalizeKeys('legacy', config);
  const result = convertCanonical(normalized.value as JsonObject, options, (pointer) => splitPointer(normalized.toOriginalPointer(pointer)).pop()!);
  // Each decision not taken is an error at its place; a choice given for a decision not asked, a warning.
  result.diagnostics.push(...result.decisions.filter((d) => !isTaken(d)).map(pendingDiagnostic), ...unusedChoices(options.decisions ?? new Map(), result.decisions));
  for (const d of result.diagnostics) d.pointer = normalized.toOriginalPointer(d.pointer);
  for (const d of result.dropped) d.pointer = normalized.toOriginalPointer(d.pointer);
  for (const d of result.decisions) d.pointer = normalized.toOriginalPointer(d.pointer);
  result.writtenPointer = normalized.toOriginalPointer;
  return result;
}

/** The conversion of a config whose keys are spelled as in the legacy schema (`writtenKey`: a key as the user wrote it, for messages). */
function convertCanonical(config: JsonObject, options: ConvertOptions, writtenKey: (pointer: string) => string): ConversionResult {
  const conversion = createConversion(options, writtenKey);
  const { result } = conversion;
  const databases = databasesToConvert(config, conversion);
  if (!databases) return result;
  const servers = readServers(config, databases, conversion);
  if (result.diagnostics.some((d) => d.severity === 'error') || !servers.reference) return result;
  result.bootstrap = bootstrapConfig(config, servers, conversion);
  dollarsDecision(config, conversion);
  const converted: JsonObject = {};
  for (const [name, db] of Object.entries(databases)) if (!servers.omitted.includes(name)) converted[name] = db;
  convertDatabases(config, converted, conversion);
  convertSgReplicate(config, result.databases, conversion);
  if (conversion.dollarsAreText) {
    escapeDollars(result.bootstrap);
    for (const db of Object.values(result.databases)) escapeDollars(db);
  }
  reportBareReferences(config, result, conversion.bare, conversion.report);
  return result;
}

/**
 * The environment-references decision: 2.8 reads every "$" as text, 3.x expands "$NAME", "${NAME}" and
 * "$$" when it loads a config (READING.environmentExpansion). Asked when a string of the input holds one.
 */
function dollarsDecision(config: JsonObject, conversion: Conversion): void {
  if (conversion.dollarsAreText || !expandsEnvironment(conversion.options.target ?? NEWEST_RELEASE)) return;
  const places: { pointer: string; text: string }[] = [];
  const walk = (v: JsonValue, pointer: string) => {
    if (typeof v === 'string') {
      if (hasEnvironmentReference(v)) places.push({ pointer, text: /\$(\$|\{[^}]*\}?|[A-Za-z0-9_]*)/.exec(v)![0] });
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, joinPointer(pointer, i)));
    else if (isObject(v)) for (const [k, x] of Object.entries(v)) walk(x, joinPointer(pointer, k));
  };
  walk(config, '');
  if (places.length === 0) return;
  const shown = [...new Set(places.map((p) => p.text))];
  const named = `${shown.slice(0, 3).map((t) => `"${t}"`).join(', ')}${shown.length > 3 ? ` and ${shown.length - 3} more` : ''}`;
  const choice = conversion.decide({
    id: 'environment-references', pointer: places[0]!.pointer,
    question: `2.8 reads ${named} as text, and 3.x expands "$" from its environment; which is meant?`,
    choices: [
      { id: 'text', effect: 'each "$" is written "$$", so 3.x reads these values exactly as 2.8 did' },
      { id: 'references', effect: 'they stay references: 3.x replaces each with its environment variable, and refuses to start when one is unset' },
    ],
  });
  if (choice === 'text') conversion.dollarsAreText = true;
}

/** An info for every bare environment reference that reaches an output file (the dialect is written there). */
function reportBareReferences(
  config: JsonObject, result: ConversionResult, bare: readonly string[],
  report: Report,
): void {
  if (bare.length === 0) return;
  const inputPointer = new Map<number, string>();
  const walk = (v: JsonValue, pointer: string) => {
    const i = bareReferenceIndex(v);
    if (i !== undefined) inputPointer.set(i, pointer);
    else if (Array.isArray(v)) v.forEach((x, j) => walk(x, joinPointer(pointer, j)));
    else if (isObject(v)) for (const [k, x] of Object.entries(v)) walk(x, joinPointer(pointer, k));
  };
  walk(config, '');
  const outputs: [string, JsonValue][] = [
    ['bootstrap.json', result.bootstrap],
    ...Object.entries(result.databases).map(([n, d]) => [`databases/${n}.json`, d] as [string, JsonValue]),
    ...Object.entries(result.principals).map(([n, p]) => [`principals/${n}.json`, p as unknown as JsonValue] as [string, JsonValue]),
  ];
  for (const [file, value] of outputs) {
    const found = new Set<number>();
    const collect = (v: JsonValue) => {
      const i = bareReferenceIndex(v);
      if (i !== undefined) found.add(i);
      else if (Array.isArray(v)) v.forEach(collect);
      else if (isObject(v)) Object.values(v).forEach(collect);
    };
    collect(value);
    for (const i of found) {
      const principals = file.startsWith('principals/');
      if (principals) {
        report(CONVERT_RULES.envReference, 'warning', inputPointer.get(i) ?? '', `${bare[i]} stands where a value belongs in ${file}, which nothing expands`, undefined,
          'The _user and _role endpoints do not expand environment references: substitute it before load.sh sends the file.');
      } else {
        report(CONVERT_RULES.envReference, 'info', inputPointer.get(i) ?? '', `${bare[i]} stands where a number or boolean belongs, so it is written unquoted`, undefined,
          `${file} uses the gateway's JSON dialect rather than strict JSON: the gateway expands the reference before parsing.`);
      }
    }
  }
}

export { isTestStoreAddress };
