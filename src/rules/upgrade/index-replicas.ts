import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup, lookupPath } from '../../document/databases.js';

export const rule: Rule = {
  id: 'upgrade/index-replicas',
  severity: 'info',
  kinds: ['legacy', 'database'],
  description: 'More index replicas than the default two index nodes allow: the database only loads on a cluster with replicas + 1 index nodes.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      if (lookup(db.config, db.pointer, 'use_views')?.value === true) continue;
      for (const replicas of [lookup(db.config, db.pointer, 'num_index_replicas'), lookupPath(db.config, db.pointer, 'index', 'num_replicas')]) {
        if (!replicas || typeof replicas.value !== 'number' || replicas.value <= 1) continue;
        context.report({ pointer: replicas.pointer, message: `${dbLabel(db)} asks for ${replicas.value} index replicas, which need at least ${replicas.value + 1} index nodes`, detail: 'The usual deployment has two; with fewer the database does not load. Check the cluster before upgrading.' });
      }
    }
  },
};
