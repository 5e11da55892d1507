// Shared reading helpers for the cross-field rule groups (replication, sgreplicate, upgrade, security,
// database, bootstrap). Pure functions over the parsed document: no I/O, no state.
import { isObject, joinPointer, type JsonObject, type JsonValue, type Kind } from '../types.js';

/** One database config: the document itself (database kind) or one `databases.<name>` of a legacy config. */
export interface DatabaseEntry {
  /** Pointer of the database object ("" for a database config). */
  pointer: string;
  /** Map key (legacy) or the `name` field (database kind); undefined when the database config has none. */
  name: string | undefined;
  config: JsonObject;
  /** True for a `databases.<name>` entry of a legacy config. */
  legacy: boolean;
}

/**
 * Key lookup the way the gateway's decoder matches struct fields: case-insensitively, exact spelling first.
 * Rules read the pipeline's normalised document, where every schema field already has its canonical
 * spelling, so for them (asking with that spelling) the exact hit is the only one that matters. The
 * fallback serves readers of documents as written: the planner (src/plan/facts.ts) and convert/build.
 * Free-form maps that the gateway reads by exact key (replication query_params) must not use it.
 */
export function findKey(object: JsonObject, name: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(object, name)) return name;
  const lower = name.toLowerCase();
  const matching = keysMatching(object, lower);
  return matching[matching.length - 1]; // last one wins, as in Go
}

/**
 * Whether `key` can fold to `lower` at all, without making its folded copy (each copy is garbage, and the
 * rules ask for dozens of fields in every object): lower-casing keeps a string's length, but for U+0130,
 * whose lower case is two characters (checked over every code point).
 */
function mayFoldTo(key: string, lower: string): boolean {
  return key.length === lower.length || key.includes('\u0130');
}

/** Every key of an object that equals `lower` case-insensitively, in the object's order. */
export function keysMatching(object: JsonObject, lower: string): readonly string[] {
  const indexed = LOWER_INDEX.get(object);
  if (indexed) return listOf(indexed.get(lower));
  const keys = Object.keys(object);
  if (keys.length < INDEX_FROM_KEYS) return keys.filter((key) => mayFoldTo(key, lower) && key.toLowerCase() === lower);
  // A huge object (a config of 1,000,000 keys): each miss would scan every key again, and the rules ask
  // for dozens of absent fields. The scan is made once, into an index.
  // One string per folded key, a list only where keys differ by case alone (no array per key).
  const index = new Map<string, string | string[]>();
  for (const key of keys) {
    const folded = key.toLowerCase();
    const found = index.get(folded);
    index.set(folded, found === undefined ? key : typeof found === 'string' ? [found, key] : (found.push(key), found));
  }
  LOWER_INDEX.set(object, index);
  return listOf(index.get(lower));
}

function listOf(entry: string | string[] | undefined): readonly string[] {
  return entry === undefined ? NONE : typeof entry === 'string' ? [entry] : entry;
}

const NONE: readonly string[] = [];

/**
 * Objects with at least this many keys get a lower-case index on their first miss. The documents read
 * here are not given new keys once read (the pipeline and the rules read; convert and build write new
 * objects), so an index stays true; no config has this many fields in one object except by accident.
 */
const INDEX_FROM_KEYS = 256;
const LOWER_INDEX = new WeakMap<JsonObject, Map<string, string | string[]>>();

/** The value of a key (case-insensitive), or undefined. */
export function get(object: unknown, name: string): JsonValue | undefined {
  if (!isObject(object)) return undefined;
  const key = findKey(object, name);
  return key === undefined ? undefined : object[key];
}

/** Follow a path of keys (case-insensitive at each step). */
export function getPath(object: unknown, ...names: string[]): JsonValue | undefined {
  let node: unknown = object;
  for (const name of names) {
    node = get(node, name);
    if (node === undefined) return undefined;
  }
  return node as JsonValue;
}

/** Pointer of `base` + the keys of `names` as spelled in the document (falls back to the given spelling). */
export function pointerTo(root: unknown, base: string, ...names: string[]): string {
  let node: unknown = root;
  let pointer = base;
  for (const name of names) {
    const key = isObject(node) ? findKey(node, name) ?? name : name;
    pointer = joinPointer(pointer, key);
    node = isObject(node) ? node[key] : undefined;
  }
  return pointer;
}

/** Pointer of `names` inside a database entry. */
export function dbPointer(entry: DatabaseEntry, ...names: string[]): string {
  return pointerTo(entry.config, entry.pointer, ...names);
}

/** Every database config of a document, for both kinds that carry them (bootstrap configs have none). */
export function databaseEntries(kind: Kind, document: unknown): DatabaseEntry[] {
  if (!isObject(document)) return [];
  if (kind === 'database') {
    const name = document.name;
    return [{ pointer: '', name: typeof name === 'string' ? name : undefined, config: document, legacy: false }];
  }
  if (kind !== 'legacy') return [];
  const key = findKey(document, 'databases');
  const databases = key === undefined ? undefined : document[key];
  if (!isObject(databases)) return [];
  const out: DatabaseEntry[] = [];
  for (const [name, config] of Object.entries(databases)) {
    if (isObject(config)) out.push({ pointer: joinPointer('', key!, name), name, config, legacy: true });
  }
  return out;
}

/** "database \"x\"" for messages, or "the database" when the config has no name. */
export function dbLabel(entry: DatabaseEntry): string {
  return entry.name === undefined ? 'the database' : `database "${entry.name}"`;
}

/** A legacy file that the 3.x gateway runs in legacy (non-persistent) mode instead of upgrading it. */
export function isLegacyMode(document: unknown): boolean {
  return get(document, 'disable_persistent_config') === true;
}

export function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** Blank or whitespace-only function sources count as unset (reference D21). */
export function hasSource(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** Effective `enable_shared_bucket_access`: explicit value, else false for legacy databases (upgrade writes false), true for new ones. */
export function sharedBucketAccess(entry: DatabaseEntry): boolean {
  const value = get(entry.config, 'enable_shared_bucket_access');
  if (typeof value === 'boolean') return value;
  return !entry.legacy;
}

/** `import_docs` as the gateway reads it: true, "continuous" (alias of true), false, or unset. */
export function importDocsSetting(entry: DatabaseEntry): boolean | undefined {
  const value = get(entry.config, 'import_docs');
  if (value === true || value === 'continuous') return true;
  if (value === false) return false;
  return undefined;
}

/** Whether documents are imported: never without shared bucket access; by default on in EE only. */
export function importEnabled(entry: DatabaseEntry, edition: 'ee' | 'ce'): boolean {
  if (!sharedBucketAccess(entry)) return false;
  const explicit = importDocsSetting(entry);
  return explicit ?? edition === 'ee';
}

/** The ISGR replications of a database: [pointer, map key, definition]. */
export function replicationEntries(entry: DatabaseEntry): { pointer: string; id: string; config: JsonObject }[] {
  const key = findKey(entry.config, 'replications');
  if (key === undefined) return [];
  const map = entry.config[key];
  if (!isObject(map)) return [];
  const out: { pointer: string; id: string; config: JsonObject }[] = [];
  for (const [id, config] of Object.entries(map)) {
    if (isObject(config)) out.push({ pointer: joinPointer(entry.pointer, key, id), id, config });
  }
  return out;
}

/** Host part of a listen address (`host:port`, `:port`, `[v6]:port`); "" means every interface. */
export function listenHost(address: string): string {
  const trimmed = address.trim();
  if (trimmed.startsWith('[')) return trimmed.slice(1, trimmed.indexOf(']') > 0 ? trimmed.indexOf(']') : undefined);
  const colon = trimmed.lastIndexOf(':');
  return colon >= 0 ? trimmed.slice(0, colon) : trimmed;
}

/** A listen host that only local processes can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/** A key of an object with its pointer (spelling as in the document), or undefined when absent. */
export interface Found {
  pointer: string;
  value: JsonValue;
}

export function lookup(object: unknown, basePointer: string, name: string): Found | undefined {
  if (!isObject(object)) return undefined;
  const key = findKey(object, name);
  return key === undefined ? undefined : { pointer: joinPointer(basePointer, key), value: object[key]! };
}

/** Follow a path from a base pointer; undefined unless every step exists. */
export function lookupPath(object: unknown, basePointer: string, ...names: string[]): Found | undefined {
  let found: Found | undefined = { pointer: basePointer, value: object as JsonValue };
  for (const name of names) {
    found = lookup(found.value, found.pointer, name);
    if (!found) return undefined;
  }
  return found;
}

/**
 * The values of `doc` at a path of lower-case keys, "*" standing for any key or index, with their pointers
 * (keys compared case-insensitively, as Go's decoder does).
 */
export function valuesAt(doc: JsonValue, segments: readonly string[]): Found[] {
  let frontier: Found[] = [{ value: doc, pointer: '' }];
  for (const segment of segments) {
    const next: Found[] = [];
    for (const { value, pointer } of frontier) {
      if (Array.isArray(value)) {
        if (segment === '*') value.forEach((item, i) => next.push({ value: item, pointer: joinPointer(pointer, i) }));
      } else if (isObject(value)) {
        for (const key of segment === '*' ? Object.keys(value) : keysMatching(value, segment)) {
          next.push({ value: value[key]!, pointer: joinPointer(pointer, key) });
        }
      }
    }
    if (next.length === 0) return [];
    frontier = next;
  }
  return frontier;
}

/** A user or role config of a database: its name as written, and its "password" (absent when unset or null). */
export interface ConfigPrincipal {
  name: string;
  pointer: string;
  config: JsonObject;
  password?: Found;
}

/** The users a legacy database creates at its start (`users`, the guest left out), by name as written. */
export function configUsers(entry: DatabaseEntry): ConfigPrincipal[] {
  const users = lookup(entry.config, entry.pointer, 'users');
  if (!users || !isObject(users.value)) return [];
  return Object.entries(users.value)
    .filter((e): e is [string, JsonObject] => e[0] !== 'GUEST' && isObject(e[1]))
    .map(([name, config]) => {
      const pointer = joinPointer(users.pointer, name);
      const password = lookup(config, pointer, 'password');
      return { name, pointer, config, ...(password && password.value !== null ? { password } : {}) };
    });
}

/**
 * The guest user a database sets: a legacy database's `users.GUEST` (the name is matched exactly, as the
 * gateway does; it wins over `guest`, rest/config_legacy.go@4.1.1), or `guest`; undefined when neither is an
 * object. `disabled` is its "disabled" value, absent when unset or null (what each release makes of that:
 * src/releases/principals.ts).
 */
export function guestOf(entry: DatabaseEntry): (Found & { written: 'users.GUEST' | 'guest'; disabled?: JsonValue }) | undefined {
  const users = lookup(entry.config, entry.pointer, 'users');
  const inUsers = users !== undefined && isObject(users.value) && Object.prototype.hasOwnProperty.call(users.value, 'GUEST');
  const found = inUsers ? { pointer: joinPointer(users.pointer, 'GUEST'), value: (users.value as JsonObject).GUEST! } : lookup(entry.config, entry.pointer, 'guest');
  if (!found || !isObject(found.value)) return undefined;
  const disabled = found.value.disabled;
  return { ...found, written: inUsers ? 'users.GUEST' : 'guest', ...(disabled === undefined || disabled === null ? {} : { disabled }) };
}

/**
 * Whether a legacy file's databases are stored by the automatic upgrade, unvalidated: the target upgrades
 * legacy files and this one does not ask for legacy mode.
 */
export function storedByUpgrade(legacyDocument: unknown, upgradesLegacyConfigs: boolean): boolean {
  return upgradesLegacyConfigs && !isLegacyMode(legacyDocument);
}

/**
 * The database validation rules of reference 4.5 run on REST create/update and at legacy-mode startup, but not
 * on configs written by the 3.x automatic upgrade (those only meet the load-time checks of 4.6). For a legacy
 * database that the gateway would upgrade, such a finding is therefore a warning: the upgrade stores the value,
 * and the next REST update of the database is rejected. A target without the automatic upgrade (2.8) runs every
 * legacy config in legacy mode, and refuses it.
 */
export function validated<T extends { message: string; detail?: string; severity?: 'error' | 'warning' | 'info' }>(
  entry: DatabaseEntry, config: { document: unknown; upgradesLegacyConfigs: boolean }, descriptor: T,
): T {
  if (!entry.legacy || !storedByUpgrade(config.document, config.upgradesLegacyConfigs)) return descriptor;
  const upgrade = 'The 3.x automatic upgrade does not run this validation: it stores the value as is, and every later REST update of this database is rejected until it is fixed; in legacy mode the gateway refuses to start.';
  // An error becomes a warning; an info (a later release refuses it) stays an info.
  const severity = descriptor.severity === 'info' ? 'info' : 'warning';
  return { ...descriptor, severity, detail: descriptor.detail ? `${descriptor.detail} ${upgrade}` : upgrade };
}
