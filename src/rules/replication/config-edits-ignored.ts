import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, replicationEntries } from '../../document/databases.js';
import { joinPointer } from '../../types.js';

export const rule: Rule = {
  id: 'replication/config-edits-ignored',
  severity: 'info',
  kinds: ['legacy', 'database'],
  facts: ['config-replication-edits-ignored'],
  description: 'Config-defined replications, where the target ignores later edits of one in the config and keeps a removed one.',
  check(context) {
    // An info, whatever the verdict's severity: the config is fine; what the reader learns is about later edits.
    const verdict = context.judge('config-replication-edits-ignored');
    if (verdict?.treatment !== 'ignores') return;
    for (const db of databaseEntries(context.kind, context.document)) {
      const count = replicationEntries(db).length;
      if (count === 0) continue;
      context.report({
        pointer: joinPointer(db.pointer, 'replications'),
        target: 'key',
        severity: 'info',
        message: `later edits of the ${count} replication${count > 1 ? 's' : ''} of ${dbLabel(db)} in its config will be ignored by ${verdict.target}`,
        detail: 'The gateway only adds replications whose id is not stored yet, so an edit here is silently ignored and removing one does not delete it. Change an existing replication through PUT /{db}/_replication/{id}, or give it a new id.',
      });
    }
  },
};
