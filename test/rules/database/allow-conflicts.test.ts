import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/allow-conflicts.js';

const conflicts = { name: 'db', allow_conflicts: true };

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: { name: 'db', allow_conflicts: false } },
    { kind: 'legacy', config: { databases: { db: {} } } },
  ],
  invalid: [
    { name: 'reference example 38', kind: 'database', config: conflicts, errors: [{ pointer: '/allow_conflicts', severity: 'error', message: '4.0 and later refuse it' }] },
    { kind: 'legacy', config: { databases: { db: { allow_conflicts: true } } }, errors: [{ pointer: '/databases/db/allow_conflicts', severity: 'error' }] },
    { name: '3.3 warns (3.3/4.0 boundary)', kind: 'database', config: conflicts, options: { target: '3.3' }, errors: [{ pointer: '/allow_conflicts', severity: 'warning', message: '3.1-3.3 accept it with a deprecation warning; 4.0 and later refuse it' }] },
    { name: '3.0 accepts silently: an info about 4.0', kind: 'database', config: conflicts, options: { target: '3.0' }, errors: [{ pointer: '/allow_conflicts', severity: 'info', message: '2.8-3.0 accept it; 4.0 and later refuse it' }] },
    { name: '2.8', kind: 'legacy', config: { databases: { db: { allow_conflicts: true } } }, options: { target: '2.8' }, errors: [{ pointer: '/databases/db/allow_conflicts', severity: 'info' }] },
  ],
});
