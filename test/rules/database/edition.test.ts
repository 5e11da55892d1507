import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/edition.js';

const CE = { settings: { edition: 'ce' as const } };

runRuleTests(rule, {
  valid: [
    { name: 'EE', kind: 'database', config: { name: 'db', delta_sync: { enabled: true }, import_partitions: 4 } },
    { kind: 'database', options: CE, config: { name: 'db', cache: { rev_cache: { size: 100 } } } },
  ],
  invalid: [
    {
      name: 'reference examples 41 and 43 on CE', kind: 'database', options: CE,
      config: { name: 'db', import_partitions: 4, delta_sync: { enabled: false }, cache: { rev_cache: { size: 0, max_memory_count_mb: 100 }, channel_cache: { compact_low_watermark_pct: 90 } } },
      errors: [
        { pointer: '/import_partitions', severity: 'warning', message: 'is Enterprise Edition only: ignored' },
        { pointer: '/delta_sync/enabled', message: 'Enterprise Edition only: the setting is removed' },
        { pointer: '/cache/rev_cache/size', message: 'off) is Enterprise Edition only: reset to 5000' },
        { pointer: '/cache/rev_cache/max_memory_count_mb', message: 'is Enterprise Edition only: reset to 0' },
        { pointer: '/cache/channel_cache/compact_low_watermark_pct', message: 'Enterprise Edition only: reset to the default' },
      ],
    },
    { kind: 'legacy', options: CE, config: { databases: { db: { logging: { audit: { enabled: true } } } } }, errors: [{ pointer: '/databases/db/logging/audit/enabled', message: 'Enterprise Edition only: the setting is removed' }] },
  ],
});
