import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup, lookupPath } from '../../document/databases.js';
import { underTarget } from '../../releases/index.js';

export const rule: Rule = {
  id: 'database/query-pagination-limit',
  severity: 'error',
  kinds: ['legacy', 'database'],
  facts: ['query-limit-below-2'],
  description: 'An effective query_pagination_limit (or deprecated channel_cache.query_limit) below 2, which stops the database from loading.',
  check(context) {
    const verdict = context.judge('query-limit-below-2');
    if (!verdict) return;
    for (const db of databaseEntries(context.kind, context.document)) {
      const limit = lookup(db.config, db.pointer, 'query_pagination_limit');
      const old = lookupPath(db.config, db.pointer, 'cache', 'channel_cache', 'query_limit');
      // The gateway takes the new key unless it is 0, else the deprecated one; 0 then means the default.
      // (The deprecated key itself, and that the new one wins, is schema/deprecated's finding.)
      const effective = limit && limit.value !== 0 ? limit : old;
      if (!effective || typeof effective.value !== 'number' || effective.value === 0) continue;
      if (effective.value < 2) {
        const which = effective === old && limit ? 'query_pagination_limit 0 leaves the deprecated query_limit in force. ' : '';
        context.report({
          pointer: effective.pointer,
          ...underTarget(verdict, `${dbLabel(db)}: a query pagination limit of ${effective.value} is below 2`, `${which}Where it is refused, the database does not load. Use at least 2 (0 means the default, 5000).`),
        });
      }
    }
  },
};
