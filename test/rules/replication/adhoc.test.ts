import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/replication/adhoc.js';
import { D, GOOD, L, databaseWith, legacyWith } from './fixtures.js';

runRuleTests(rule, {
  valid: [{ kind: 'legacy', config: legacyWith({ r1: { ...GOOD, adhoc: false } }) }],
  invalid: [
    { name: 'reference example 28', kind: 'legacy', config: legacyWith({ r1: { ...GOOD, adhoc: true } }), errors: [{ pointer: `${L}/r1/adhoc`, severity: 'error', message: 'the gateway does not start' }] },
    { kind: 'database', config: databaseWith({ r1: { ...GOOD, adhoc: true } }), errors: [{ pointer: `${D}/r1/adhoc` }] },
  ],
});
