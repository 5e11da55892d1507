// Fields that a release reads and does nothing with, by where they stand in each kind of config, each with
// the release fact (src/releases/behaviour.ts) that says from when. The rules that report them
// (bootstrap/unused-field, upgrade/removed-key) and the conversion that drops them read this one list,
// words included: `what` the field was for, `why` the release does nothing with it (a clause).
import { BEHAVIOUR, type BehaviourFactId } from './behaviour.js';
import { treatmentIn, type Release } from './index.js';

/** A server-level field: its top-level key in a bootstrap config and in a legacy one. */
export interface IgnoredServerField extends IgnoredWords {
  keys: { bootstrap: string; legacy: string };
}

interface IgnoredWords {
  fact: BehaviourFactId;
  what: string;
  why: string;
}

/** A database field: its keys below a database (the database config's root, or a legacy `databases/<db>`). */
export interface IgnoredDatabaseField extends IgnoredWords {
  path: readonly string[];
}

export const IGNORED_SERVER_FIELDS: readonly IgnoredServerField[] = [
  {
    fact: 'couchbase-keepalive-ignored', keys: { bootstrap: 'couchbase_keepalive_interval', legacy: 'couchbaseKeepaliveInterval' },
    what: 'the TCP keep-alive interval of a Couchbase client the gateway no longer has',
    why: 'nothing in the gateway reads it since its go-couchbase client was removed',
  },
];

export const IGNORED_DATABASE_FIELDS: readonly IgnoredDatabaseField[] = [
  {
    fact: 'query-resync-manager-ignored', path: ['unsupported', 'use_query_resync_manager'],
    what: 'the switch to a query-based resync, which was removed',
    why: 'resync always reads the bucket\'s DCP feed',
  },
];

/** A field's `why` as the sentence a finding's detail ends with. */
export function removeBecause(field: IgnoredWords): string {
  return `${field.why.charAt(0).toUpperCase()}${field.why.slice(1)}: remove it.`;
}

/** Whether `release` reads the field of `fact` and does nothing with it. */
export function ignoredBy(fact: BehaviourFactId, release: Release): boolean {
  return treatmentIn(BEHAVIOUR.get(fact)!, release) === 'ignores';
}
