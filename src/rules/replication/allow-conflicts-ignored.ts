import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup, replicationEntries } from '../../document/databases.js';

export const rule: Rule = {
  id: 'replication/allow-conflicts-ignored',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  description: 'allow_conflicts on a database that has inter-gateway replications, which ignore it.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      const allow = lookup(db.config, db.pointer, 'allow_conflicts');
      if (!allow || typeof allow.value !== 'boolean') continue;
      if (replicationEntries(db).length === 0) continue;
      context.report({ pointer: allow.pointer, message: `allow_conflicts of ${dbLabel(db)} is ignored by its inter-gateway replications`, detail: 'They always resolve conflicts with their conflict_resolution_type: do not rely on allow_conflicts for them.' });
    }
  },
};
