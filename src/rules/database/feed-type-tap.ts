import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, importEnabled, lookup, validated } from '../../document/databases.js';

export const rule: Rule = {
  id: 'database/feed-type-tap',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'feed_type "tap" (lower case) on a database that imports documents.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      const found = lookup(db.config, db.pointer, 'feed_type');
      if (found?.value !== 'tap' || !importEnabled(db, context.settings.edition)) continue;
      context.report(validated(db, context, { pointer: found.pointer, message: `${dbLabel(db)}: feed_type "tap" cannot be combined with import`, detail: 'The gateway rejects the database. Remove feed_type (the gateway always uses DCP).' }));
    }
  },
};
