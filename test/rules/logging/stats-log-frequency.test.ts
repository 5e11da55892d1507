import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/logging/stats-log-frequency.js';

const legacy = (seconds: number, more: object = {}) => ({ ...more, unsupported: { stats_log_freq_secs: seconds }, databases: { db: { server: 'couchbases://cb', bucket: 'b', enable_shared_bucket_access: true } } });

runRuleTests(rule, {
  valid: [
    { name: '0 turns stats logging off', kind: 'legacy', config: legacy(0, { disable_persistent_config: true }) },
    { name: '10 seconds', kind: 'legacy', config: legacy(10, { disable_persistent_config: true }) },
    { name: 'the automatic upgrade turns it into stats_log_frequency unchecked', kind: 'legacy', config: legacy(5) },
  ],
  invalid: [
    { name: 'legacy mode', kind: 'legacy', config: legacy(5, { disable_persistent_config: true }), errors: [{ pointer: '/unsupported/stats_log_freq_secs', severity: 'error', message: 'stats_log_freq_secs 5 is below the minimum of 10 seconds' }] },
    { name: '2.8 runs every legacy file in legacy mode', kind: 'legacy', config: legacy(9), options: { target: '2.8' }, errors: [{ pointer: '/unsupported/stats_log_freq_secs', severity: 'error' }] },
  ],
});
