import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup } from './configs.js';

export const rule: Rule = {
  id: 'database/allow-conflicts',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'allow_conflicts true: deprecated in 3.x and refused from 4.0 (D48).',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      const found = lookup(db.config, db.pointer, 'allow_conflicts');
      if (found?.value !== true) continue;
      context.report({ pointer: found.pointer, message: `${dbLabel(db)}: allow_conflicts true is deprecated in 3.x (a warning at every load) and 4.0+ refuse the database (D48). Remove it (conflicts are resolved by the sync function / replication conflict resolvers).` });
    }
  },
};
