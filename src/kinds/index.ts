// Kind detection (cli-contract "Input kinds", reference 1.5): legacy, bootstrap or database, from content.
import { isObject, setOwn, type JsonValue, type Kind } from '../types.js';
import { loadSchema } from '../schema/schemas.js';
import { closestMatch } from '../distance.js';

interface KeySets {
  legacy: Set<string>;
  bootstrap: Set<string>;
  database: Set<string>;
}
let keySets: KeySets | null = null;

function topLevelKeys(kind: Kind): Set<string> {
  const schema = loadSchema(kind);
  return new Set(Object.keys(schema.properties ?? {}).map((k) => k.toLowerCase()));
}

function sets(): KeySets {
  if (!keySets) keySets = { legacy: topLevelKeys('legacy'), bootstrap: topLevelKeys('bootstrap'), database: topLevelKeys('database') };
  return keySets;
}

/** Inner keys that only the legacy shape has in sections both shapes share (reference 1.5). */
function hasLegacyInnerKeys(doc: Record<string, JsonValue>): boolean {
  const lower = lowerKeys(doc);
  const logging = lower.get('logging');
  if (isObject(logging) && lowerKeys(logging).has('default')) return true;
  const unsupported = lower.get('unsupported');
  if (isObject(unsupported) && lowerKeys(unsupported).has('stats_log_freq_secs')) return true;
  return false;
}

function lowerKeys(o: Record<string, JsonValue>): Map<string, JsonValue> {
  const m = new Map<string, JsonValue>();
  for (const [k, v] of Object.entries(o)) m.set(k.toLowerCase(), v);
  return m;
}

export interface KindDecision {
  kind: Kind | null;
  /** Why, in words (for --kind auto diagnostics). */
  reason: string;
  /** What the file is instead, when it is recognisably something else than a config (a principals file). */
  other?: string;
}

/** A decision that the document is `what`, not a config. */
const otherThing = (what: string): KindDecision => ({ kind: null, reason: `it is ${what}`, other: what });

export interface DetectOptions {
  /**
   * Also require that at least half of the top-level keys belong to the kind. A folder walk meets JSON and
   * YAML of every sort (CI workflows, app configs): only files that mostly speak the gateway's keys count.
   */
  mostlyKnownKeys?: boolean;
}

export function detectKind(value: JsonValue, options: DetectOptions = {}): KindDecision {
  let decision = decideKind(value);
  if (!options.mostlyKnownKeys || !isObject(value)) return decision;
  // A config whose keys are mostly misspelt ("databses", "intreface") is still a config with mistakes:
  // decided on the keys it probably meant, and reported with "did you mean" for each.
  if (!decision.kind) {
    const meant = keysAsMeant(value);
    if (meant) decision = decideKind(meant);
    if (!decision.kind) return decision;
  }
  const keys = Object.keys(value);
  const known = topLevelKeyNames(decision.kind!).map((k) => k.toLowerCase());
  const knownSet = new Set(known);
  if (!mostlyConfigKeys(keys, knownSet, known)) {
    return { kind: null, reason: `most of its top-level keys are not ${decision.kind} config keys` };
  }
  return decision;
}

/**
 * Whether at least half of the keys are known keys or probable typos of them. Known keys are counted first
 * (a set lookup each); the typo search, dearer, runs only while the answer is still open.
 */
function mostlyConfigKeys(keys: readonly string[], knownSet: ReadonlySet<string>, known: readonly string[]): boolean {
  const needed = Math.ceil(keys.length / 2);
  const others = keys.filter((k) => !knownSet.has(k.toLowerCase()));
  let recognised = keys.length - others.length;
  for (let i = 0; i < others.length && recognised < needed; i++) {
    if (recognised + (others.length - i) < needed) return false;
    if (probableTypo(others[i]!, known) !== undefined) recognised++;
  }
  return recognised >= needed;
}

/** A key long enough not to match by chance, one or two edits from a known key: a typo of it. */
function probableTypo(key: string, known: Iterable<string>): string | undefined {
  return key.length >= 5 ? closestMatch(key, known, key.length >= 8 ? 2 : 1) : undefined;
}

/** The document's top-level keys replaced by the gateway keys they are probable typos of (null: not mostly). */
function keysAsMeant(value: Record<string, JsonValue>): Record<string, JsonValue> | null {
  const { legacy, bootstrap, database } = sets();
  const all = [...new Set([...legacy, ...bootstrap, ...database])];
  const meant: Record<string, JsonValue> = {};
  let recognised = 0;
  for (const [key, inner] of Object.entries(value)) {
    const lower = key.toLowerCase();
    const as = all.includes(lower) ? lower : probableTypo(lower, all);
    if (as !== undefined) recognised++;
    setOwn(meant, as ?? lower, inner);
  }
  return recognised * 2 >= Object.keys(value).length && recognised > 0 ? meant : null;
}

/**
 * The keys of a user or a role as the admin REST API takes it (`PUT /{db}/_user/{name}`, `PUT /{db}/_role/{name}`):
 * auth.PrincipalConfig, auth/principal.go@4.1.1. Those no config has at its top level tell such a payload.
 */
const PRINCIPAL_KEYS = new Set(['name', 'password', 'roles', 'admin_channels', 'admin_roles', 'collection_access', 'email', 'disabled', 'all_channels', 'jwt_issuer', 'jwt_roles', 'jwt_channels', 'jwt_last_updated']);
const PRINCIPAL_ONLY_KEYS = new Set(['admin_channels', 'admin_roles', 'collection_access', 'email', 'disabled', 'all_channels', 'jwt_roles', 'jwt_channels']);

function isPrincipalPayload(value: JsonValue): boolean {
  if (!isObject(value)) return false;
  const keys = Object.keys(value);
  return keys.every((k) => PRINCIPAL_KEYS.has(k)) && keys.some((k) => PRINCIPAL_ONLY_KEYS.has(k));
}

function decideKind(value: JsonValue): KindDecision {
  if (Array.isArray(value) && value.length > 0 && value.every(isPrincipalPayload)) {
    return otherThing('a list of users or roles for the admin REST API (PUT /{db}/_user/{name})');
  }
  if (!isObject(value)) return { kind: null, reason: 'the document is not a JSON object' };
  if (isPrincipalPayload(value)) {
    return otherThing('a user or a role for the admin REST API (PUT /{db}/_user/{name})');
  }
  const keys = Object.keys(value).map((k) => k.toLowerCase());
  if (keys.length > 0 && keys.every((k) => k === 'users' || k === 'roles')) {
    return otherThing('a principals file (users and roles, applied with the _user and _role admin endpoints)');
  }
  if (keys.includes('databases')) return { kind: 'legacy', reason: 'it has a top-level "databases" map' };
  // The strongest signal of a startup config: legacy-only keys beside it are reported as what they are
  // for a startup config (unknown fields), not taken as a sign of a legacy file.
  if (keys.includes('bootstrap')) return { kind: 'bootstrap', reason: 'it has a top-level "bootstrap" section' };
  // Only now the key sets: reading all three schemas is the dearest part of detection.
  const { legacy, bootstrap, database } = sets();
  if (keys.every((k) => bootstrap.has(k))) {
    if (hasLegacyInnerKeys(value)) return { kind: 'legacy', reason: 'its logging/unsupported sections use legacy keys' };
    return { kind: 'bootstrap', reason: 'every top-level key is a startup config key' };
  }
  const legacyOnly = keys.filter((k) => legacy.has(k) && !bootstrap.has(k) && !database.has(k));
  const databaseOnly = keys.filter((k) => database.has(k) && !bootstrap.has(k) && !legacy.has(k));
  const bootstrapOnly = keys.filter((k) => bootstrap.has(k) && !database.has(k) && !legacy.has(k));
  if (legacyOnly.length && legacyOnly.length >= databaseOnly.length) return { kind: 'legacy', reason: `it has legacy-only keys (${legacyOnly.slice(0, 3).join(', ')})` };
  const scores: [Kind, number][] = [
    ['database', keys.filter((k) => database.has(k)).length + databaseOnly.length],
    ['bootstrap', keys.filter((k) => bootstrap.has(k)).length + bootstrapOnly.length],
    ['legacy', keys.filter((k) => legacy.has(k)).length + legacyOnly.length],
  ];
  scores.sort((a, b) => b[1] - a[1]);
  if (scores[0]![1] === 0) return { kind: null, reason: 'none of its top-level keys is a gateway config key' };
  return { kind: scores[0]![0], reason: `most of its top-level keys are ${scores[0]![0]} config keys` };
}

/** Top-level keys of a kind, in the schema's spelling. */
export function topLevelKeyNames(kind: Kind): string[] {
  return Object.keys(loadSchema(kind).properties ?? {});
}
