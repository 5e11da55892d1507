import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup, validated } from '../../document/databases.js';

export const rule: Rule = {
  id: 'database/compact-interval',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'compact_interval_days other than 0 (off) or 0.04-60.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      const found = lookup(db.config, db.pointer, 'compact_interval_days');
      if (!found || typeof found.value !== 'number' || found.value === 0) continue;
      if (found.value < 0.04 || found.value > 60) {
        context.report(validated(db, context, { pointer: found.pointer, message: `${dbLabel(db)}: compact_interval_days ${found.value} is outside 0.04-60 (about one hour to two months)`, detail: 'The gateway rejects the database. Use 0 to turn tombstone compaction off.' }));
      }
    }
  },
};
