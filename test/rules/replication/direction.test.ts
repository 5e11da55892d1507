import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/replication/direction.js';
import { D, GOOD, L, databaseWith, legacyWith } from './fixtures.js';

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: legacyWith({ r1: { ...GOOD, direction: 'pushAndPull' } }) },
    { name: 'a wrong value is the schema enum check, not this rule', kind: 'database', config: databaseWith({ r1: { ...GOOD, direction: 'both' } }) },
  ],
  invalid: [
    { kind: 'legacy', config: legacyWith({ r1: { ...GOOD, direction: undefined } }), errors: [{ pointer: `${L}/r1`, message: 'has no direction' }] },
    { kind: 'database', config: databaseWith({ r1: { ...GOOD, direction: '' } }), errors: [{ pointer: `${D}/r1/direction`, severity: 'error' }] },
  ],
});
