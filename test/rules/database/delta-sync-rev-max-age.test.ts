import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/delta-sync-rev-max-age.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: { name: 'db', delta_sync: { enabled: true, rev_max_age_seconds: 0 } } },
    { kind: 'database', config: { name: 'db', delta_sync: { rev_max_age_seconds: 60 }, old_rev_expiry_seconds: 60 } },
  ],
  invalid: [
    { name: 'reference example 45', kind: 'database', config: { name: 'db', delta_sync: { enabled: true, rev_max_age_seconds: 60 } }, errors: [{ pointer: '/delta_sync/rev_max_age_seconds', severity: 'error', message: '300, the default' }] },
  ],
});
