import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/revs-limit.js';

runRuleTests(rule, {
  valid: [
    { name: 'reference example 37 under 3.3: conflicts are off by default, accepted', kind: 'database', config: { name: 'db', revs_limit: 10 } },
    { kind: 'database', config: { name: 'db', revs_limit: 10, allow_conflicts: false } },
    { kind: 'database', config: { name: 'db', revs_limit: 100, allow_conflicts: true } },
    { kind: 'database', config: { name: 'db', revs_limit: 20 } },
  ],
  invalid: [
    { name: 'reference example 37: 3.2 allows conflicts by default, so it refuses', kind: 'database', config: { name: 'db', revs_limit: 10 }, options: { target: '3.2' }, errors: [{ pointer: '/revs_limit', severity: 'error', message: 'refused by 3.2' }] },
    { kind: 'legacy', config: { databases: { db: { revs_limit: 10, allow_conflicts: true } } }, errors: [{ pointer: '/databases/db/revs_limit', severity: 'error', message: 'is below 20 while allow_conflicts is true' }] },
    { kind: 'database', config: { name: 'db', revs_limit: 0, allow_conflicts: false }, errors: [{ pointer: '/revs_limit', severity: 'error' }] },
    { kind: 'database', config: { name: 'db', revs_limit: 50, allow_conflicts: true }, errors: [{ pointer: '/revs_limit', severity: 'warning', message: 'below 100' }] },
  ],
});
