import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, replicationEntries } from '../../document/databases.js';
import { joinPointer } from '../../types.js';

export const rule: Rule = {
  id: 'replication/config-edits-ignored',
  severity: 'info',
  kinds: ['legacy', 'database'],
  description: 'Config-defined replications: from 3.2 on, editing or removing one in the config does not change the replication the gateway has stored.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      const count = replicationEntries(db).length;
      if (count === 0) continue;
      context.report({
        pointer: joinPointer(db.pointer, 'replications'),
        target: 'key',
        message: `${dbLabel(db)} defines ${count} replication${count > 1 ? 's' : ''} in its config: from 3.2 the gateway only adds replications whose id is not stored yet, so later edits here are silently ignored and removing one does not delete it (3.0/3.1 re-store them at every load). Change an existing replication through PUT /{db}/_replication/{id}, or give it a new id.`,
      });
    }
  },
};
