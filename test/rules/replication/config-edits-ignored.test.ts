import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/replication/config-edits-ignored.js';
import { GOOD, databaseWith, legacyWith } from './fixtures.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: { name: 'db', bucket: 'b' } },
    { name: 'an empty map', kind: 'database', config: databaseWith({}) },
  ],
  invalid: [
    { name: 'reference example 59', kind: 'database', config: databaseWith({ r1: GOOD, r2: GOOD }), errors: [{ pointer: '/replications', severity: 'info', message: 'the 2 replications' }] },
    { kind: 'legacy', config: legacyWith({ r1: GOOD }), errors: [{ pointer: '/databases/db/replications', message: '_replication' }] },
  ],
});
