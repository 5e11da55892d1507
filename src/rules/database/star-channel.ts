import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookupPath, validated } from '../../document/databases.js';
import { underTarget } from '../../releases/index.js';

export const rule: Rule = {
  id: 'database/star-channel',
  severity: 'error',
  kinds: ['legacy', 'database'],
  facts: ['star-channel-disabled'],
  description: 'channel_cache.enable_star_channel: false, which later releases refuse; the deprecated key itself is reported by schema/deprecated.',
  check(context) {
    const verdict = context.judge('star-channel-disabled');
    if (!verdict) return;
    for (const db of databaseEntries(context.kind, context.document)) {
      const found = lookupPath(db.config, db.pointer, 'cache', 'channel_cache', 'enable_star_channel');
      // Any value is deprecated: schema/deprecated says so; this rule adds that false is refused.
      if (found?.value !== false) continue;
      context.report(validated(db, context, { pointer: found.pointer, ...underTarget(verdict, `${dbLabel(db)}: enable_star_channel is false`, 'Remove it: the star channel is always on.') }));
    }
  },
};
