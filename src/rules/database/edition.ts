import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookupPath, type Found } from '../../document/databases.js';

export const rule: Rule = {
  id: 'database/edition',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  description: 'Enterprise-only database settings on Community Edition, which the gateway resets or removes with a warning.',
  check(context) {
    if (context.settings.edition !== 'ce') return;
    for (const db of databaseEntries(context.kind, context.document)) {
      const at = (...path: string[]) => lookupPath(db.config, db.pointer, ...path);
      const hits: [Found | undefined, string][] = [
        [at('cache', 'channel_cache', 'max_number'), 'channel_cache.max_number is Enterprise Edition only: reset to the default'],
        [at('cache', 'channel_cache', 'compact_high_watermark_pct'), 'channel cache watermarks are Enterprise Edition only: reset to the default'],
        [at('cache', 'channel_cache', 'compact_low_watermark_pct'), 'channel cache watermarks are Enterprise Edition only: reset to the default'],
        [at('delta_sync', 'enabled'), 'delta sync is Enterprise Edition only: the setting is removed'],
        [at('import_partitions'), 'import_partitions is Enterprise Edition only: ignored'],
        [at('logging', 'audit', 'enabled'), 'audit logging is Enterprise Edition only: the setting is removed'],
      ];
      const size = at('cache', 'rev_cache', 'size');
      if (size?.value === 0) hits.push([size, 'a rev cache size of 0 (cache off) is Enterprise Edition only: reset to 5000']);
      const memory = at('cache', 'rev_cache', 'max_memory_count_mb');
      if (typeof memory?.value === 'number' && memory.value !== 0) hits.push([memory, 'a rev cache memory limit is Enterprise Edition only: reset to 0']);
      for (const [found, message] of hits) {
        if (found) context.report({ pointer: found.pointer, message: `${dbLabel(db)}: ${message}`, detail: 'Remove it on Community Edition.' });
      }
    }
  },
};
