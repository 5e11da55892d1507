import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup } from '../../document/databases.js';

export const rule: Rule = {
  id: 'upgrade/slow-query-threshold',
  severity: 'warning',
  kinds: ['legacy'],
  description: 'A per-database slow_query_warning_threshold that the root SlowQueryWarningThreshold overwrites.',
  check(context) {
    const root = lookup(context.document, '', 'slowQueryWarningThreshold');
    if (!root) return;
    for (const db of databaseEntries(context.kind, context.document)) {
      const own = lookup(db.config, db.pointer, 'slow_query_warning_threshold');
      if (own && own.value !== root.value) {
        context.report({ pointer: own.pointer, message: `${dbLabel(db)}: slow_query_warning_threshold is replaced by the root slowQueryWarningThreshold (${JSON.stringify(root.value)})`, detail: 'The automatic upgrade does so. Remove one of them.' });
      }
    }
  },
};
