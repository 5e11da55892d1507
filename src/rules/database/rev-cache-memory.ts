import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookupPath } from '../../document/databases.js';

export const rule: Rule = {
  id: 'database/rev-cache-memory',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'A rev cache max_memory_count_mb between 1 and 49, which stops the database from loading (EE; the field and the check arrived together).',
  check(context) {
    if (context.settings.edition === 'ce') return; // reset with a warning on CE (database/edition)
    for (const db of databaseEntries(context.kind, context.document)) {
      const found = lookupPath(db.config, db.pointer, 'cache', 'rev_cache', 'max_memory_count_mb');
      if (found && typeof found.value === 'number' && found.value > 0 && found.value < 50) {
        context.report({ pointer: found.pointer, message: `${dbLabel(db)}: rev_cache.max_memory_count_mb ${found.value} is below the minimum of 50: the database does not load`, detail: 'Use 0 (no memory cap) or at least 50.' });
      }
    }
  },
};
