import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/channel-cache.js';

const cc = (channel_cache: Record<string, unknown>) => ({ name: 'db', cache: { channel_cache } });

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: cc({ max_number: 100, compact_low_watermark_pct: 70 }) },
    { name: 'CE resets them instead', kind: 'database', options: { settings: { edition: 'ce' } }, config: cc({ compact_low_watermark_pct: 90 }) },
  ],
  invalid: [
    { name: 'reference example 43', kind: 'database', config: cc({ compact_low_watermark_pct: 90 }), errors: [{ pointer: '/cache/channel_cache/compact_low_watermark_pct', severity: 'error', message: 'the gateway rejects the database' }] },
    { name: 'D5', kind: 'database', config: cc({ max_number: 50 }), errors: [{ pointer: '/cache/channel_cache/max_number', message: 'is below 100' }] },
    { name: 'D6', kind: 'database', config: cc({ compact_high_watermark_pct: 101 }), errors: [{ pointer: '/cache/channel_cache/compact_high_watermark_pct', message: 'outside 1-100' }] },
    { name: 'low mark never used', kind: 'legacy', config: { databases: { db: { cache: { channel_cache: { compact_high_watermark_pct: 90, compact_low_watermark_pct: 50 } } } } }, errors: [{ pointer: '/databases/db/cache/channel_cache/compact_low_watermark_pct', severity: 'warning' }] },
  ],
});
