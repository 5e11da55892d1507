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
        { pointer: '/import_partitions', severity: 'warning', message: '(D17)' },
        { pointer: '/delta_sync/enabled', message: '(D12)' },
        { pointer: '/cache/rev_cache/size', message: '(D9)' },
        { pointer: '/cache/rev_cache/max_memory_count_mb', message: '(D10)' },
        { pointer: '/cache/channel_cache/compact_low_watermark_pct', message: '(D3)' },
      ],
    },
    { kind: 'legacy', options: CE, config: { databases: { db: { logging: { audit: { enabled: true } } } } }, errors: [{ pointer: '/databases/db/logging/audit/enabled', message: '(D42)' }] },
  ],
});
