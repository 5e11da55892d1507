import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/allow-conflicts.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: { name: 'db', allow_conflicts: false } },
    { kind: 'legacy', config: { databases: { db: {} } } },
  ],
  invalid: [
    { name: 'reference example 38', kind: 'database', config: { name: 'db', allow_conflicts: true }, errors: [{ pointer: '/allow_conflicts', severity: 'error', message: '4.0+ refuse' }] },
    { kind: 'legacy', config: { databases: { db: { allow_conflicts: true } } }, errors: [{ pointer: '/databases/db/allow_conflicts' }] },
  ],
});
