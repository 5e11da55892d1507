import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/replication/allow-conflicts-ignored.js';
import { GOOD, databaseWith, legacyWith } from './fixtures.js';

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: legacyWith({ r1: GOOD }) },
    { name: 'no replications', kind: 'database', config: { name: 'db', allow_conflicts: false } },
  ],
  invalid: [
    { kind: 'legacy', config: legacyWith({ r1: GOOD }, { allow_conflicts: false }), errors: [{ pointer: '/databases/db/allow_conflicts', severity: 'warning', message: 'ignored by its inter-gateway replications' }] },
    { kind: 'database', config: databaseWith({ r1: GOOD }, { allow_conflicts: true }), errors: [{ pointer: '/allow_conflicts' }] },
  ],
});
