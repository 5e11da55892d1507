import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/replication/initial-state.js';
import { D, GOOD, L, databaseWith, legacyWith } from './fixtures.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: databaseWith({ r1: { ...GOOD, initial_state: 'stopped' } }) },
    { kind: 'legacy', config: legacyWith({ r1: { ...GOOD, initial_state: 'running' } }) },
  ],
  invalid: [
    { name: 'reference example 58', kind: 'database', config: databaseWith({ r1: { ...GOOD, initial_state: 'pause' } }), errors: [{ pointer: `${D}/r1/initial_state`, severity: 'warning', message: 'starts the replication running' }] },
    { kind: 'legacy', config: legacyWith({ r1: { ...GOOD, initial_state: 'Stopped' } }), errors: [{ pointer: `${L}/r1/initial_state` }] },
  ],
});
