// The console log keys each release knows, and how the gateway reads a key it is given: base/log_keys.go
// (logKeyNames, ToLogKey, convertSpecialLogKey) at 2.8.0, 3.0.0, 3.2.0 and 4.0.0, where the names changed,
// and the same through every patch tag of each line up to 4.1.1.
import { compareReleases, RELEASES, type Release } from './index.js';

export const LOG_KEYS_SOURCE = 'base/log_keys.go@2.8.0, @3.0.0, @3.2.0, @4.0.0 and @4.1.1 (logKeyNames, ToLogKey, convertSpecialLogKey)';

/** Each name and the first release that knows it (case-sensitive, as the gateway matches them). */
export const LOG_KEY_NAMES: readonly (readonly [name: string, from: Release])[] = [
  // "" is KeyNone, which turns nothing on: accepted without a warning.
  ['', '2.8'], ['*', '2.8'], ['Admin', '2.8'], ['Access', '2.8'], ['Auth', '2.8'], ['Bucket', '2.8'], ['Cache', '2.8'],
  ['Changes', '2.8'], ['SGCluster', '2.8'], ['CRUD', '2.8'], ['DCP', '2.8'], ['Events', '2.8'], ['gocb', '2.8'],
  ['HTTP', '2.8'], ['HTTP+', '2.8'], ['Import', '2.8'], ['Javascript', '2.8'], ['Migrate', '2.8'], ['Query', '2.8'],
  ['Replicate', '2.8'], ['Sync', '2.8'], ['SyncMsg', '2.8'], ['WS', '2.8'], ['WSFrame', '2.8'], ['TEST', '2.8'],
  ['Config', '3.0'],
  ['Diagnostic', '3.2'], ['Walrus', '3.2'],
  ['VV', '4.0'],
];

/** How a release reads one entry of a log key list. */
export type LogKeyReading =
  /** A name it knows ("HTTP+" too: it turns on HTTP and the responses' key, HTTPResp). */
  | { kind: 'known' }
  /**
   * A name it knows once one trailing "+" is taken off, which it does with a warning at every start. `sameAs`:
   * the key that reads the same without the warning (null for "HTTP++", which is the responses' key alone).
   */
  | { kind: 'plus-stripped'; name: string; sameAs: string | null }
  /**
   * No name it knows: it warns "Invalid log key" at every start and turns nothing on. `name`: the name looked up
   * (one trailing "+" taken off); `from`: a later release that knows it.
   */
  | { kind: 'unknown'; name: string; from?: Release };

/**
 * Whether a pointer (keys as written: the gateway matches them case-insensitively) is an entry of a console
 * log key list: logging.console.log_keys (the node's or a database's), or the old lists of 2.8, "log" and
 * logging.default.logKeys.
 */
export function isLogKeyEntry(entry: string): boolean {
  return /^(?:\/databases\/[^/]+)?\/logging\/console\/log_keys\/\d+$|^\/log\/\d+$|^\/logging\/default\/logkeys\/\d+$/i.test(entry);
}

/** The names `release` knows. */
export function logKeysOf(release: Release): string[] {
  return LOG_KEY_NAMES.filter(([, from]) => compareReleases(from, release) <= 0).map(([name]) => name);
}

/** Names that convertSpecialLogKey reads as more than their own key: only when written whole. */
const SPECIAL = new Set(['HTTP+']);

const known = new Map(RELEASES.map((release) => [release, new Set(logKeysOf(release))]));

/** How `release` reads the log key `key` (ToLogKey: the special "HTTP+" first, then one "+" stripped). */
export function readLogKey(key: string, release: Release): LogKeyReading {
  const names = known.get(release)!;
  if (names.has(key)) return { kind: 'known' };
  const name = key.endsWith('+') ? key.slice(0, -1) : key;
  if (name !== key && names.has(name)) return { kind: 'plus-stripped', name, sameAs: SPECIAL.has(name) ? null : name };
  const from = LOG_KEY_NAMES.find(([n]) => n === name)?.[1];
  return from === undefined ? { kind: 'unknown', name } : { kind: 'unknown', name, from };
}
