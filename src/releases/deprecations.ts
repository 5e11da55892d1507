// Deprecated database fields: those that every release reading them treats as their replacement (the fix
// of schema/deprecated moves them there), and those with no replacement that earlier releases still used.
import { isObject, type JsonValue, type Kind } from '../types.js';
import { compareReleases, type Release } from './index.js';

/**
 * Where a pointer's tokens leave the database, as these paths are written: the whole config for a database
 * config, below `databases/<db>` for a legacy one; null elsewhere (a bootstrap config, a legacy root key).
 */
export function belowDatabase(kind: Kind, tokens: readonly string[]): { database: readonly string[]; keys: readonly string[] } | null {
  if (kind === 'database') return { database: [], keys: tokens };
  if (kind === 'legacy' && tokens[0] === 'databases' && tokens.length > 2) return { database: tokens.slice(0, 2), keys: tokens.slice(2) };
  return null;
}

export interface DeprecatedMove {
  /** The deprecated field, as keys below a database (the database config's root, or legacy `databases/<db>`). */
  from: readonly string[];
  /** Its replacement, as keys below the same database. */
  to: readonly string[];
  /**
   * Both set: `replacement-wins` (the old one is ignored, so removing it changes nothing), `replacement-wins-unless-0`
   * (the same, but a replacement of 0 counts as unset: the old one is used, so nothing is fixed), or `refused`
   * (the gateway refuses the config: no fix, the owner chooses).
   */
  bothSet: 'replacement-wins' | 'replacement-wins-unless-0' | 'refused';
  /**
   * The smallest number that reads the same under either key. The gateway validates only the replacement
   * (below 1 refused, or a revision cache of 0 reset on Community Edition), then copies the old value in
   * after validation: an old value under it would change what the gateway does if moved. Null: any number.
   */
  minimum: number | null;
  /** Where the gateway does it (couchbase/sync_gateway). */
  source: string;
}

const CACHE_FALLBACK = 'rest/config.go@2.8.0, @3.0.0 and @4.1.1 deprecatedConfigCacheFallback (the replacement when set, else the old value, copied at database start); validate() checks only the replacement';

export const DEPRECATED_MOVES: readonly DeprecatedMove[] = [
  {
    from: ['num_index_replicas'], to: ['index', 'num_replicas'], bothSet: 'refused', minimum: null,
    source: 'rest/config.go@4.1.1 numIndexReplicas (num_index_replicas when set, else index.num_replicas) and validate ("num_index_replicas and index.num_replicas are mutually exclusive")',
  },
  { from: ['rev_cache_size'], to: ['cache', 'rev_cache', 'size'], bothSet: 'replacement-wins', minimum: 1, source: CACHE_FALLBACK },
  { from: ['cache', 'max_wait_pending'], to: ['cache', 'channel_cache', 'max_wait_pending'], bothSet: 'replacement-wins', minimum: 1, source: CACHE_FALLBACK },
  { from: ['cache', 'max_num_pending'], to: ['cache', 'channel_cache', 'max_num_pending'], bothSet: 'replacement-wins', minimum: 1, source: CACHE_FALLBACK },
  { from: ['cache', 'max_wait_skipped'], to: ['cache', 'channel_cache', 'max_wait_skipped'], bothSet: 'replacement-wins', minimum: 1, source: CACHE_FALLBACK },
  { from: ['cache', 'channel_cache_max_length'], to: ['cache', 'channel_cache', 'max_length'], bothSet: 'replacement-wins', minimum: 1, source: CACHE_FALLBACK },
  { from: ['cache', 'channel_cache_min_length'], to: ['cache', 'channel_cache', 'min_length'], bothSet: 'replacement-wins', minimum: 1, source: CACHE_FALLBACK },
  { from: ['cache', 'channel_cache_expiry'], to: ['cache', 'channel_cache', 'expiry_seconds'], bothSet: 'replacement-wins', minimum: 1, source: CACHE_FALLBACK },
  {
    from: ['cache', 'channel_cache', 'query_limit'], to: ['query_pagination_limit'], bothSet: 'replacement-wins-unless-0', minimum: null,
    source: 'rest/server_context.go@3.0.0 and @4.1.1 (query_pagination_limit when set and not 0, else query_limit; only the value taken is checked, "must be greater than 1")',
  },
];

/** The move of the deprecated field at `keys` (below a database), if it has one. */
export function deprecatedMoveOf(keys: readonly string[]): DeprecatedMove | undefined {
  return DEPRECATED_MOVES.find((m) => samePath(m.from, keys));
}

/**
 * What to do with the deprecated field at `keys` of one database, whose values `valueAt` reads (keys below
 * the database; undefined or null: not set): `move` it to its replacement, where that is unset and reads the
 * value the same; `remove` it, where the replacement is set and wins; null for anything else (no move is
 * known, both set where that is refused, a value the replacement reads otherwise or not a number, a value on
 * the way there that is not an object). The fix of schema/deprecated and what convert writes.
 */
export function deprecatedMove(keys: readonly string[], valueAt: (keys: readonly string[]) => JsonValue | undefined): { move: DeprecatedMove; action: 'move' | 'remove' } | null {
  const move = deprecatedMoveOf(keys);
  if (!move) return null;
  const replacement = valueAt(move.to);
  if (replacement !== undefined && replacement !== null) {
    const wins = move.bothSet === 'replacement-wins' || (move.bothSet === 'replacement-wins-unless-0' && replacement !== 0);
    return wins ? { move, action: 'remove' } : null;
  }
  const value = valueAt(move.from);
  if (typeof value !== 'number' || (move.minimum !== null && value < move.minimum)) return null;
  for (let depth = 1; depth < move.to.length; depth++) {
    const on = valueAt(move.to.slice(0, depth));
    if (on !== undefined && on !== null && !isObject(on)) return null;
  }
  return { move, action: 'move' };
}

/** Whether a field with no replacement is deprecated for `target` (DEPRECATED_FROM); true for any other field. */
export function deprecatedFor(keys: readonly string[], target: Release): boolean {
  const fact = DEPRECATED_FROM.find((f) => samePath(f.path, keys));
  return fact === undefined || compareReleases(target, fact.from) >= 0;
}

function samePath(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i]);
}

/**
 * Deprecated fields with no replacement that a release reporting them (schema/deprecated, after
 * DEPRECATED_FROM) does nothing with: removed by the fix, and by convert with a finding. `value`: only that
 * value (another one is acted on). `fallback`: the old place the gateway reads when this one is unset, so
 * the key stays while that holds another value.
 */
export interface DeprecatedRemoval {
  path: readonly string[];
  value?: JsonValue;
  fallback?: readonly string[];
  /** What the gateway does without the key, as a clause ("it has no effect"). */
  without: string;
  source: string;
}

const STAR_CHANNEL_ON = 'db/change_cache.go@2.8.0-@3.3.0 (EnableStarChannelLog = true unless the config sets false) and @4.0.0 (a constant true)';

export const DEPRECATED_REMOVALS: readonly DeprecatedRemoval[] = [
  { path: ['pool'], without: 'the pool is always "default"', source: 'rest/config.go@3.0.0 and @4.1.1 (DeprecatedPool: "config option is not supported. The pool will be set to \"default\"")' },
  { path: ['kv_tls_port'], without: 'it has no effect', source: 'rest/config.go@2.8.0-@4.1.1 copies it into BucketSpec.KvTLSPort, which nothing in base/ reads' },
  { path: ['unsupported', 'disable_clean_skipped_query'], without: 'it has no effect', source: 'rest/server_context.go@3.1.0 ("no longer has any functionality")' },
  {
    path: ['cache', 'channel_cache', 'enable_star_channel'], value: true, fallback: ['cache', 'enable_star_channel'], without: 'true is the default',
    source: `${STAR_CHANNEL_ON}; rest/config.go deprecatedConfigCacheFallback (cache.enable_star_channel when this is unset)`,
  },
  { path: ['cache', 'enable_star_channel'], value: true, without: 'true is the default', source: `${STAR_CHANNEL_ON}; rest/config.go deprecatedConfigCacheFallback (cache.channel_cache.enable_star_channel wins when set)` },
];

/** The removal of the deprecated field at `keys` of one database, whose values `valueAt` reads, or null. */
export function deprecatedRemoval(keys: readonly string[], valueAt: (keys: readonly string[]) => JsonValue | undefined): DeprecatedRemoval | null {
  const removal = DEPRECATED_REMOVALS.find((r) => samePath(r.path, keys));
  const value = valueAt(keys);
  if (!removal || value === undefined || (removal.value !== undefined && value !== removal.value)) return null;
  const fallback = removal.fallback && valueAt(removal.fallback);
  return fallback === undefined || fallback === null || fallback === value ? removal : null;
}

/**
 * Fields the schema calls deprecated with no replacement, which releases before `from` still read and act
 * on: for those targets schema/deprecated says nothing (its advice to remove the key would change what they
 * do). Paths below a database, as DeprecatedMove's.
 */
export interface DeprecatedFrom {
  path: readonly string[];
  from: Release;
  source: string;
}

export const DEPRECATED_FROM: readonly DeprecatedFrom[] = [
  { path: ['pool'], from: '3.0', source: 'rest/config.go@2.8.0 (the bucket\'s pool, "default" when unset); @3.0.0 DeprecatedPool ("config option is not supported. The pool will be set to \"default\"")' },
  { path: ['unsupported', 'disable_clean_skipped_query'], from: '3.1', source: 'db/change_cache.go@3.0.0 (read by the skipped-sequence clean); rest/server_context.go@3.1.0 ("no longer has any functionality")' },
  { path: ['cache', 'channel_cache', 'enable_star_channel'], from: '3.2', source: 'rest/config.go@3.1.0 (read as set); rest/server_context.go@3.2.0 ("Deprecation notice: enable_star_channel config option is due to be removed")' },
];
