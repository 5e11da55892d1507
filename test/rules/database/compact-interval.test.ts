import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/compact-interval.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: { name: 'db', compact_interval_days: 0 } },
    { kind: 'database', config: { name: 'db', compact_interval_days: 0.04 } },
    { kind: 'legacy', config: { databases: { db: { compact_interval_days: 60 } } } },
  ],
  invalid: [
    { name: 'reference example 42', kind: 'database', config: { name: 'db', compact_interval_days: 0.01 }, errors: [{ pointer: '/compact_interval_days', severity: 'error', message: 'two months)' }] },
    { name: 'a legacy file the automatic upgrade stores unvalidated: a warning', kind: 'legacy', config: { databases: { db: { compact_interval_days: 61 } } }, errors: [{ pointer: '/databases/db/compact_interval_days', severity: 'warning', message: 'automatic upgrade does not run this validation' }] },
    { name: '2.8 has no automatic upgrade: it validates every legacy file at start', kind: 'legacy', options: { target: '2.8' }, config: { databases: { db: { compact_interval_days: 61 } } }, errors: [{ pointer: '/databases/db/compact_interval_days', severity: 'error' }] },
  ],
});
