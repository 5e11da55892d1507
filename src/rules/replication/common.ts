// Shared wording for the replication rules: where a definition lives decides what the gateway does with an invalid one.
import { databaseEntries, dbLabel, replicationEntries, type DatabaseEntry } from '../../document/databases.js';
import type { RuleContext } from '../types.js';
import type { JsonObject } from '../../types.js';

export interface ReplicationSite {
  db: DatabaseEntry;
  /** Pointer of the replication object. */
  pointer: string;
  /** Map key. */
  id: string;
  config: JsonObject;
}

export function replicationSites(context: RuleContext): ReplicationSite[] {
  const out: ReplicationSite[] = [];
  for (const db of databaseEntries(context.kind, context.document)) {
    for (const r of replicationEntries(db)) out.push({ db, ...r });
  }
  return out;
}

/** What the gateway does with a definition that fails its validation (reference 7.3), as a detail sentence. */
export function invalidOutcome(site: ReplicationSite): string {
  return site.db.legacy
    ? 'The gateway refuses this legacy file: the database does not load, or the gateway does not start.'
    : 'The database config is stored, but the replication fails validation every time it starts and never runs (the _replication endpoint rejects it).';
}

export function label(site: ReplicationSite): string {
  return `replication "${site.id}" of ${dbLabel(site.db)}`;
}
