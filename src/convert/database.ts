// Steps 2 and 3 of the conversion: one database config per database (server and credentials stripped,
// replications given their id, function files inlined) and the users and roles of each database.
import { isObject, joinPointer, setOwn, splitPointer, type JsonObject, type JsonValue } from '../types.js';
import { withDollarEscapesRead } from './dialect.js';
import { CONVERT_RULES, targetRefuses, type Conversion, type Drop, type Report } from './conversion.js';
import { readableLogKeys } from './log-keys.js';
import type { ConvertOptions, Principals } from './types.js';
import { BEHAVIOUR } from '../releases/behaviour.js';
import { IGNORED_DATABASE_FIELDS, ignoredBy } from '../releases/ignored-fields.js';
import { NEWEST_RELEASE, newestNotRefusing, type Release } from '../releases/index.js';
import { fieldKnownTo } from '../schema/release-fields.js';
import { guestOf } from '../document/databases.js';
import { guestWithoutDisabled, isValidPrincipalName, newestReleaseEnablingGuest } from '../releases/principals.js';
import { DEPRECATED_MOVES, DEPRECATED_REMOVALS, deprecatedFor, deprecatedMove, deprecatedRemoval } from '../releases/deprecations.js';

const STRIPPED_DATABASE_KEYS = ['server', 'username', 'password', 'certpath', 'keypath', 'cacertpath'];

/**
 * Converts `databases` (those a decision did not leave out). The shared-bucket-access decision is asked
 * about every database of the file, so that which ones a decision leaves out never changes what is asked.
 */
export function convertDatabases(config: JsonObject, databases: JsonObject, conversion: Conversion): void {
  const { options, report, result } = conversion;
  const threshold = config.slowQueryWarningThreshold;
  const sharedBucketAccess = sharedBucketAccessDecision(isObject(config.databases) ? config.databases : databases, conversion);
  const enableGuest = guestDecision(isObject(config.databases) ? config.databases : databases, conversion);
  for (const [name, raw] of Object.entries(databases)) {
    const base = joinPointer('', 'databases', name);
    const db = raw as JsonObject;
    const at = (key: string) => joinPointer(base, key);
    const out: JsonObject = { name, bucket: typeof db.bucket === 'string' && db.bucket !== '' ? db.bucket : name };
    if (typeof db.name === 'string' && db.name !== name) {
      report(CONVERT_RULES.overwrittenValue, 'info', at('name'), `"name" is "${db.name}" but the database is "${name}" (the map key); the gateway uses the key, and so does databases/${name}.json`);
    }
    const principals: Principals = { users: {}, roles: {} };
    let hadPrincipalFields = false;
    let guest: JsonValue | undefined;
    for (const [key, value] of Object.entries(db)) {
      if (key === 'name' || key === 'bucket' || STRIPPED_DATABASE_KEYS.includes(key)) continue;
      if (key === 'users' || key === 'roles') {
        hadPrincipalFields = true;
        if (!isObject(value)) continue;
        for (const [principal, body] of Object.entries(value)) {
          if (key === 'users' && principal === 'GUEST') {
            guest = body;
            continue;
          }
          // A name 3.x refuses cannot be created (and "." or ".." would be a step of load.sh's URL path).
          if (!isValidPrincipalName(principal)) {
            report(CONVERT_RULES.principalName, 'error', joinPointer(at(key), principal), `the ${key === 'users' ? 'user' : 'role'} name ${JSON.stringify(principal)} of database "${name}" is one the gateway refuses`, 'key',
              'From 3.0 a user or role name needs a letter or a digit and has no "/", ":", "," or "`" (auth/role.go IsValidPrincipalName): the gateway cannot create it. Rename it in the legacy config (and the grants and documents that name it), then convert again.');
          }
          setOwn(principals[key], principal, body);
        }
        continue;
      }
      if (key === 'slow_query_warning_threshold' && threshold !== undefined && threshold !== null) {
        if (JSON.stringify(value) !== JSON.stringify(threshold)) {
          report(CONVERT_RULES.overwrittenValue, 'info', at(key), `slow_query_warning_threshold of database "${name}" is replaced by the root one`, undefined,
            'The root SlowQueryWarningThreshold wins, as in the gateway\'s own upgrade.');
        }
        out[key] = threshold;
        continue;
      }
      if (key === 'replications' && isObject(value)) {
        out[key] = convertReplications(value, at(key), report);
        continue;
      }
      out[key] = value;
    }
    currentForms(out, at, conversion.drop, options.target ?? NEWEST_RELEASE);
    starChannelPlace(out, at('cache'), conversion.drop);
    withoutIneffective(out, at, conversion.drop, options.target ?? NEWEST_RELEASE);
    if (isObject(out.logging) && isObject(out.logging.console) && out.logging.console.log_keys !== undefined) {
      const from = joinPointer(base, 'logging', 'console', 'log_keys');
      out.logging = { ...out.logging, console: { ...out.logging.console, log_keys: readableLogKeys(out.logging.console.log_keys, from, conversion) } };
    }
    if (guest !== undefined) {
      if (out.guest !== undefined) {
        report(CONVERT_RULES.overwrittenValue, 'warning', at('guest'), `database "${name}" has both "guest" and users.GUEST; users.GUEST becomes "guest", as in the gateway's own upgrade`);
      }
      // As 2.8 ran it, where that is the choice (the guest-enabled decision).
      out.guest = enableGuest.has(name) && isObject(guest) ? { ...guest, disabled: false } : guest;
    }
    if ((db.enable_shared_bucket_access ?? false) === false) {
      if (sharedBucketAccess === 'enable') {
        out.enable_shared_bucket_access = true;
      } else if (db.enable_shared_bucket_access === undefined || db.enable_shared_bucket_access === null) {
        out.enable_shared_bucket_access = false;
        report(CONVERT_RULES.sharedBucketAccess, 'info', base, `database "${name}" is written with enable_shared_bucket_access false, as 2.x ran it`, 'key',
          'The gateway\'s own upgrade writes false too. Sync Gateway 4.0 and later will not load it: to opt in, set "enable_shared_bucket_access": true ' +
          '(metadata moves into extended attributes, documents are imported and indexes are rebuilt; plan it, then run POST /_post_upgrade).');
      }
    }
    if (threshold !== undefined && threshold !== null && out.slow_query_warning_threshold === undefined) out.slow_query_warning_threshold = threshold;
    inlineFunctions(out, base, name, options, report, conversion.dollarsAreText);
    setOwn(result.databases, name, out);
    if (Object.keys(principals.users).length > 0 || Object.keys(principals.roles).length > 0) {
      // Named by where they are, never by value: a password holding a reference is still a password.
      const withReferences = placesOfStrings(principals as unknown as JsonValue, (s) => withDollarEscapesRead(s) === null);
      // The _user and _role endpoints expand nothing: a `$$` the gateway read as `$` is written as `$`.
      if (!conversion.dollarsAreText) readDollarEscapes(principals as unknown as JsonValue);
      setOwn(result.principals, name, principals);
      if (!conversion.dollarsAreText && withReferences.length > 0) {
        const more = withReferences.length > 3 ? ` and ${withReferences.length - 3} more` : '';
        report(CONVERT_RULES.envReference, 'warning', at('users'), `principals/${name}.json keeps environment references, which the _user endpoints do not expand`, 'key',
          `They are at ${withReferences.slice(0, 3).join(', ')}${more}. Substitute the values before load.sh sends these principals, or convert with --expand-env.`);
      }
    } else if (hadPrincipalFields) {
      report(CONVERT_RULES.droppedField, 'info', at(db.users !== undefined ? 'users' : 'roles'),
        `database "${name}" defines no user or role besides the guest, so no principals file is written`, 'key');
    }
  }
}

/**
 * The shared-bucket-access decision: asked when a database runs without shared bucket access and the
 * target refuses that (or the choice to keep it off, for an older target, was given).
 */
function sharedBucketAccessDecision(databases: JsonObject, { options, decide }: Conversion): string | undefined {
  const off = Object.entries(databases).filter(([, db]) => isObject(db) && (db.enable_shared_bucket_access ?? false) === false).map(([name]) => name);
  const fact = BEHAVIOUR.get('shared-bucket-access-off')!;
  const refused = targetRefuses(options, 'shared-bucket-access-off');
  if (off.length === 0 || (!refused && options.decisions?.get('shared-bucket-access') !== 'keep-off')) return undefined;
  const names = `${off.slice(0, 3).map((n) => `"${n}"`).join(', ')}${off.length > 3 ? ` and ${off.length - 3} more` : ''}`;
  const db = databases[off[0]!] as JsonObject;
  const olderTarget = newestNotRefusing(fact, options.target) ?? options.target;
  return decide({
    id: 'shared-bucket-access',
    pointer: joinPointer('', 'databases', off[0]!, ...(db.enable_shared_bucket_access === false ? ['enable_shared_bucket_access'] : [])),
    ...(db.enable_shared_bucket_access === false ? {} : { target: 'key' as const }),
    question: `${names} run${off.length === 1 ? 's' : ''} without shared bucket access; turn it on, or target ${olderTarget}?`,
    choices: [
      { id: 'enable', effect: 'enable_shared_bucket_access is true: metadata moves into extended attributes on first start, documents other apps write are imported, indexes are rebuilt; there is no way back' },
      { id: 'keep-off', effect: `shared bucket access stays off and the output is for Sync Gateway ${olderTarget}, the newest release that loads such a database` },
    ],
    answers: [{ rule: 'upgrade/shared-bucket-access-off' }],
  });
}

/**
 * The guest-enabled decision: asked when a database's users.GUEST sets no "disabled", which 2.8 read as
 * enabled and the target reads as "keep the stored state" (src/releases/principals.ts). The databases whose
 * guest is written with "disabled": false, as 2.8 ran it (none unless that is the choice).
 */
function guestDecision(databases: JsonObject, { options, decide }: Conversion): ReadonlySet<string> {
  const target = options.target ?? NEWEST_RELEASE;
  if (guestWithoutDisabled(target) === 'enabled') return new Set();
  const unset = Object.entries(databases).filter(([name, db]) => {
    const guest = isObject(db) ? guestOf({ pointer: joinPointer('', 'databases', name), name, config: db, legacy: true }) : undefined;
    return guest?.written === 'users.GUEST' && guest.disabled === undefined;
  }).map(([name]) => name);
  if (unset.length === 0) return new Set();
  const names = `${unset.slice(0, 3).map((n) => `"${n}"`).join(', ')}${unset.length > 3 ? ` and ${unset.length - 3} more` : ''}`;
  const enabledBy = newestReleaseEnablingGuest();
  const choice = decide({
    id: 'guest-enabled',
    pointer: joinPointer('', 'databases', unset[0]!, 'users', 'GUEST'), target: 'key',
    question: `users.GUEST of ${names} sets no "disabled": enable the guest as ${enabledBy} did, or keep its stored state?`,
    choices: [
      { id: 'enable', effect: `"disabled": false is written: the guest is enabled wherever the config is loaded, as ${enabledBy} did, and clients without credentials get its channels` },
      { id: 'as-stored', effect: 'no "disabled" is written: the guest keeps the state its bucket stores (enabled where an older release ran this config) and stays disabled on a new bucket' },
    ],
    answers: [{ rule: 'database/guest-disabled-unset' }],
  });
  return choice === 'enable' ? new Set(unset) : new Set();
}

function convertReplications(
  replications: JsonObject, pointer: string,
  report: Report,
): JsonObject {
  const out: JsonObject = {};
  for (const [id, replication] of Object.entries(replications)) {
    if (!isObject(replication)) {
      setOwn(out, id, replication);
      continue;
    }
    const written = replication.replication_id;
    if (typeof written === 'string' && written !== '' && written !== id) {
      report(CONVERT_RULES.replicationId, 'error', joinPointer(pointer, id, 'replication_id'),
        `replication_id "${written}" differs from its key "${id}"; the gateway refuses such a legacy config: make them equal`);
    }
    const copy: JsonObject = { replication_id: id };
    for (const [k, v] of Object.entries(replication)) if (k !== 'replication_id') setOwn(copy, k, v);
    if (written === undefined || written === '' || written === null) {
      report(CONVERT_RULES.replicationId, 'info', joinPointer(pointer, id),
        `replication "${id}" gets "replication_id": "${id}" (its key); 3.2 and later reject a database config whose replication has no replication_id`, 'key');
    }
    setOwn(out, id, copy);
  }
  return out;
}

function inlineFunctions(
  out: JsonObject, base: string, name: string, options: ConvertOptions,
  report: Report, dollarsAreText: boolean,
): void {
  const sources = options.functionSources;
  if (!sources || sources.size === 0) return;
  // The output holds the database's fields under the same canonical keys as the input.
  for (const [pointer, resolved] of sources) {
    if (!pointer.startsWith(base + '/')) continue;
    const tokens = splitPointer(pointer.slice(base.length));
    let parent: JsonValue = out;
    for (const t of tokens.slice(0, -1)) parent = isObject(parent) ? parent[t] : Array.isArray(parent) ? parent[Number(t)] : null;
    const last = tokens[tokens.length - 1];
    if (!isObject(parent) || typeof parent[last] !== 'string') continue;
    if (resolved.source === null) {
      report(CONVERT_RULES.functionSource, 'error', pointer, `the function of database "${name}" names the ${resolved.origin} "${resolved.location}", which cannot be read`, undefined,
        `${sentence(resolved.error ?? 'unknown error')} A persisted config must hold the function itself, so the ${resolved.origin === 'url' ? 'URL must be fetched' : 'file must be readable'} when converting.`);
      continue;
    }
    // The gateway expands environment references in a database config but never in a function file,
    // so every `$` of the file is escaped as `$$` (unless the whole output is escaped later: dollarsAreText).
    parent[last] = dollarsAreText ? resolved.source : resolved.source.replace(/\$/g, '$$$$');
    report(CONVERT_RULES.functionSource, 'info', pointer,
      `the function is inlined from the ${resolved.origin} ${resolved.location}: persisted configs cannot load functions from files or URLs`);
  }
}

/** Where strings passing `test` are, as slash-separated key paths (`users/ann/password`), in document order. */
function placesOfStrings(value: JsonValue, test: (s: string) => boolean): string[] {
  const out: string[] = [];
  const stack: [JsonValue, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (test(v)) out.push(at.slice(1));
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i]!, `${at}/${i}`]);
    } else if (isObject(v)) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i]![1], `${at}/${entries[i]![0]}`]);
    }
  }
  return out;
}

/** Replaces, in place, every string of a value that holds only `$$` escapes by what the gateway read from it. */
function readDollarEscapes(value: JsonValue): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (typeof item === 'string') value[i] = withDollarEscapesRead(item) ?? item;
      else readDollarEscapes(item);
    });
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'string') setOwn(value, key, withDollarEscapesRead(item) ?? item);
      else readDollarEscapes(item);
    }
  }
}

/** A reason as a sentence of its own: capitalised, with a full stop. */
function sentence(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}

/**
 * The deprecated fields the gateway reads as their replacement, written as the target reads them without a
 * warning (src/releases/deprecations.ts, as lint --fix moves them): moved where the replacement is unset
 * and reads the value the same; dropped, with a finding, where the replacement is set and wins. Any other (a
 * value the replacement reads otherwise, a target without the replacement, both set where that is refused)
 * stays, for lint to report.
 */
function currentForms(out: JsonObject, at: (key: string) => string, drop: Drop, target: Release): void {
  for (const { from } of DEPRECATED_MOVES) {
    if (valueAt(out, from) === undefined) continue;
    const planned = deprecatedMove(from, (keys) => valueAt(out, keys));
    if (!planned || !fieldKnownTo('database', joinPointer('', ...planned.move.to), target)) continue;
    if (planned.action === 'remove') {
      drop(joinPointer(at(from[0]!), ...from.slice(1)), 'warning', `${planned.move.to.join('.')} is set too, and the gateway takes that one`, `"${from.join('.')}"`);
    } else {
      writeAt(out, planned.move.to, valueAt(out, from)!);
    }
    writeAt(out, from, undefined);
  }
}

/**
 * Fields that the target does nothing with, dropped with a finding that says why: the deprecated ones of
 * src/releases/deprecations.ts (as lint --fix removes them), and those src/releases/ignored-fields.ts
 * lists (as upgrade/removed-key's fix removes them).
 */
function withoutIneffective(out: JsonObject, at: (key: string) => string, drop: Drop, target: Release): void {
  for (const { path } of DEPRECATED_REMOVALS) {
    const removal = deprecatedRemoval(path, (keys) => valueAt(out, keys));
    if (!removal || !deprecatedFor(path, target)) continue;
    drop(joinPointer(at(path[0]!), ...path.slice(1)), 'info', `${removal.without}, and the key is deprecated`, `"${path.join('.')}"`);
    removeAt(out, path);
  }
  for (const field of IGNORED_DATABASE_FIELDS) {
    const value = valueAt(out, field.path);
    if (value === undefined || value === null || !ignoredBy(field.fact, target)) continue;
    drop(joinPointer(at(field.path[0]!), ...field.path.slice(1)), 'warning', field.why, `"${field.path.join('.')}"`);
    removeAt(out, field.path);
  }
}

/** Deletes the member at `keys`, and each object the deletion leaves empty (unsupported: {}). */
function removeAt(root: JsonObject, keys: readonly string[]): void {
  writeAt(root, keys, undefined);
  for (let depth = keys.length - 1; depth > 0; depth--) {
    const holder = valueAt(root, keys.slice(0, depth));
    if (isObject(holder) && Object.keys(holder).length === 0) writeAt(root, keys.slice(0, depth), undefined);
  }
}

/** The value at `keys` below `root`, or undefined where a key is missing or a value on the way is not an object. */
function valueAt(root: JsonObject, keys: readonly string[]): JsonValue | undefined {
  let at: JsonValue | undefined = root;
  for (const key of keys) at = isObject(at) ? at[key] : undefined;
  return at;
}

/**
 * Sets (or, for undefined, deletes) the member at `keys`, copying each object on the way (they may be the
 * input's) and making the missing ones (deprecatedMove has checked that each is an object or unset).
 */
function writeAt(root: JsonObject, keys: readonly string[], value: JsonValue | undefined): void {
  let holder = root;
  for (const key of keys.slice(0, -1)) {
    const next = holder[key];
    const copy: JsonObject = { ...(isObject(next) ? next : {}) };
    setOwn(holder, key, copy);
    holder = copy;
  }
  const last = keys[keys.length - 1]!;
  if (value === undefined) delete holder[last];
  else setOwn(holder, last, value);
}

/**
 * enable_star_channel in its current place, cache.channel_cache: the old one dropped, with a finding, where
 * that sets it already (the gateway takes that one), and moved there otherwise, but for true, which
 * withoutIneffective drops where it is written (the default). False stays, for lint to judge per release
 * (4.0 and later refuse it).
 */
function starChannelPlace(out: JsonObject, at: string, drop: Drop): void {
  if (!isObject(out.cache) || !('enable_star_channel' in out.cache)) return;
  const cache: JsonObject = { ...out.cache };
  const channelCache: JsonObject = isObject(cache.channel_cache) ? { ...cache.channel_cache } : {};
  if ('enable_star_channel' in channelCache) drop(joinPointer(at, 'enable_star_channel'), 'warning', 'cache.channel_cache.enable_star_channel is set too, and the gateway takes that one', '"cache.enable_star_channel"');
  else if (cache.enable_star_channel === true) return;
  else channelCache.enable_star_channel = cache.enable_star_channel!;
  delete cache.enable_star_channel;
  cache.channel_cache = channelCache;
  out.cache = cache;
}
