import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/star-channel.js';

runRuleTests(rule, {
  valid: [{ kind: 'database', config: { name: 'db', cache: { channel_cache: { max_length: 100 } } } }],
  invalid: [
    { kind: 'database', config: { name: 'db', cache: { channel_cache: { enable_star_channel: false } } }, errors: [{ pointer: '/cache/channel_cache/enable_star_channel', severity: 'error', message: '(D8)' }] },
    { kind: 'database', config: { name: 'db', cache: { channel_cache: { enable_star_channel: true } } }, errors: [{ pointer: '/cache/channel_cache/enable_star_channel', severity: 'warning' }] },
  ],
});
