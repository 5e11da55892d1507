import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup, lookupPath } from '../../document/databases.js';

export const rule: Rule = {
  id: 'upgrade/views-index-replicas',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  description: 'use_views true together with index replica settings, which apply to GSI indexes only.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      if (lookup(db.config, db.pointer, 'use_views')?.value !== true) continue;
      const replicas = lookup(db.config, db.pointer, 'num_index_replicas') ?? lookupPath(db.config, db.pointer, 'index', 'num_replicas');
      if (!replicas) continue;
      context.report({ pointer: replicas.pointer, message: `${dbLabel(db)} uses views (use_views true), so index replica settings have no effect`, detail: 'Replicas apply to GSI indexes only. Remove the setting, or drop use_views to use GSI.' });
    }
  },
};
