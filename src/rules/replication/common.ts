// Shared wording for the replication rules: where a definition lives decides what the gateway does with an invalid one.
import { databaseEntries, dbLabel, replicationEntries, type DatabaseEntry } from '../../document/databases.js';
import type { RuleContext } from '../types.js';
import type { JsonObject } from '../../types.js';
import { checksLegacyReplicationsAtStart } from '../../releases/replications.js';

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

/**
 * Whether the gateway checks this definition as it starts, with the checks only a config gets (adhoc, the id
 * against its key), and refuses to start when one fails: a legacy file's, except under 3.0.
 */
export function checkedAtStart(site: ReplicationSite, context: RuleContext): boolean {
  return site.db.legacy && checksLegacyReplicationsAtStart(context.target);
}

/** What the gateway does with a definition that fails its validation (reference 7.3), as a detail sentence. */
export function invalidOutcome(site: ReplicationSite, context: RuleContext): string {
  return checkedAtStart(site, context)
    ? 'The gateway does not start with this legacy file.'
    : 'The gateway stores the replication, which fails validation every time it starts and never runs (the _replication endpoint rejects it too).';
}

export function label(site: ReplicationSite): string {
  return `replication "${site.id}" of ${dbLabel(site.db)}`;
}
