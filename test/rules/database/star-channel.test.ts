import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/star-channel.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: { name: 'db', cache: { channel_cache: { max_length: 100 } } } },
    { name: 'true is only deprecated, which schema/deprecated reports', kind: 'database', config: { name: 'db', cache: { channel_cache: { enable_star_channel: true } } } },
  ],
  invalid: [
    { kind: 'database', config: { name: 'db', cache: { channel_cache: { enable_star_channel: false } } }, errors: [{ pointer: '/cache/channel_cache/enable_star_channel', severity: 'error', message: '(D8)' }] },
    { name: 'a legacy file that the gateway upgrades stores it (warning)', kind: 'legacy', config: { databases: { db: { cache: { channel_cache: { enable_star_channel: false } } } } }, errors: [{ pointer: '/databases/db/cache/channel_cache/enable_star_channel', severity: 'warning', message: '(D8)' }] },
  ],
});
