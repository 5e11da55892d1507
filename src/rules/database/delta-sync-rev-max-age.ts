import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup, lookupPath } from '../../document/databases.js';

export const rule: Rule = {
  id: 'database/delta-sync-rev-max-age',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'delta_sync.rev_max_age_seconds below old_rev_expiry_seconds (default 300), which stops the database from loading.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      const age = lookupPath(db.config, db.pointer, 'delta_sync', 'rev_max_age_seconds');
      if (!age || typeof age.value !== 'number' || age.value === 0) continue;
      const expiry = lookup(db.config, db.pointer, 'old_rev_expiry_seconds');
      const e = typeof expiry?.value === 'number' ? expiry.value : 300;
      if (age.value < e) {
        context.report({ pointer: age.pointer, message: `${dbLabel(db)}: delta_sync.rev_max_age_seconds ${age.value} is below old_rev_expiry_seconds (${e}${expiry ? '' : ', the default'})`, detail: `The database does not load. Raise it to at least ${e} (0 means the default, 86400).` });
      }
    }
  },
};
