// Deprecated database fields that every release reading them treats as their replacement (the fix of
// schema/deprecated moves them there): where each moves, and when the move keeps what the gateway does.

export interface DeprecatedMove {
  /** The deprecated field, as keys below a database (the database config's root, or legacy `databases/<db>`). */
  from: readonly string[];
  /** Its replacement, as keys below the same database. */
  to: readonly string[];
  /**
   * Both set: `replacement-wins` (the old one is ignored, so removing it changes nothing), or `refused` (the
   * gateway refuses the config: no fix, the owner chooses).
   */
  bothSet: 'replacement-wins' | 'refused';
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
];
