import type { Rule } from '../types.js';
import { getPath } from '../../document/databases.js';
import { databasesByName, describe, localDatabase, rootReplications } from './common.js';

export const rule: Rule = {
  id: 'sgreplicate/no-delta-sync',
  severity: 'info',
  kinds: ['legacy'],
  description: 'A first-generation replication of a database that enables delta sync: sg-replicate 1 never uses delta sync.',
  check(context) {
    const databases = databasesByName(context);
    for (const r of rootReplications(context.document)?.items ?? []) {
      const ends = ['source', 'target'].map((k) => localDatabase(getPath(r.config, k), context.document, databases));
      const withDelta = ends.find((db) => db && getPath(db.config, 'delta_sync', 'enabled') === true);
      if (!withDelta) continue;
      context.report({
        pointer: r.pointer,
        message: `${describe(r)} sends whole revisions although database "${withDelta.name}" enables delta_sync`,
        detail: 'First-generation replications never use delta sync; an inter-gateway replication with "enable_delta_sync": true (EE) sends deltas.',
      });
    }
  },
};
