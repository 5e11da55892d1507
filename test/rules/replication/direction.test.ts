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
    { name: 'refused as the gateway starts, but by 3.0', kind: 'legacy', config: legacyWith({ r1: { ...GOOD, direction: undefined } }), errors: [{ pointer: `${L}/r1`, message: 'does not start with this legacy file' }] },
    { name: '3.0 stores a legacy file\'s replications unchecked', kind: 'legacy', options: { target: '3.0' }, config: legacyWith({ r1: { ...GOOD, direction: undefined } }), errors: [{ pointer: `${L}/r1`, severity: 'error', message: 'fails validation every time it starts and never runs' }] },
    { kind: 'database', config: databaseWith({ r1: { ...GOOD, direction: '' } }), errors: [{ pointer: `${D}/r1/direction`, severity: 'error' }] },
  ],
});
