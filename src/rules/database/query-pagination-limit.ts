import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup, lookupPath } from '../../document/databases.js';

export const rule: Rule = {
  id: 'database/query-pagination-limit',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'An effective query_pagination_limit (or deprecated channel_cache.query_limit) below 2, which stops the database from loading.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      const limit = lookup(db.config, db.pointer, 'query_pagination_limit');
      const old = lookupPath(db.config, db.pointer, 'cache', 'channel_cache', 'query_limit');
      // The deprecated key itself (and that the new one wins) is schema/deprecated's finding.
      const effective = limit ?? old;
      if (!effective || typeof effective.value !== 'number' || effective.value === 0) continue;
      if (effective.value < 2) {
        context.report({ pointer: effective.pointer, message: `${dbLabel(db)}: a query pagination limit of ${effective.value} is below 2: the database does not load`, detail: 'Use at least 2 (0 means the default, 5000).' });
      }
    }
  },
};
