import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/star-channel.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: { name: 'db', cache: { channel_cache: { max_length: 100 } } } },
    { name: 'true is only deprecated, which schema/deprecated reports', kind: 'database', config: { name: 'db', cache: { channel_cache: { enable_star_channel: true } } } },
  ],
  invalid: [
    { kind: 'database', config: { name: 'db', cache: { channel_cache: { enable_star_channel: false } } }, errors: [{ pointer: '/cache/channel_cache/enable_star_channel', severity: 'error', message: '4.0 and later refuse it' }] },
    { name: '3.3 accepts it: an info naming 4.0 (3.3/4.0 boundary)', kind: 'database', config: { name: 'db', cache: { channel_cache: { enable_star_channel: false } } }, options: { target: '3.3' }, errors: [{ pointer: '/cache/channel_cache/enable_star_channel', severity: 'info', message: '2.8-3.3 accept it; 4.0 and later refuse it' }] },
    { name: 'a legacy file that the gateway upgrades stores it (warning)', kind: 'legacy', config: { databases: { db: { cache: { channel_cache: { enable_star_channel: false } } } } }, errors: [{ pointer: '/databases/db/cache/channel_cache/enable_star_channel', severity: 'warning', message: 'automatic upgrade does not run this validation' }] },
  ],
});
