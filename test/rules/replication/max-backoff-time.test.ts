import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/replication/max-backoff-time.js';
import { D, GOOD, L, databaseWith, legacyWith } from './fixtures.js';

runRuleTests(rule, {
  valid: [{ kind: 'database', config: databaseWith({ r1: GOOD }) }],
  invalid: [
    { name: 'reference example 57', kind: 'database', config: databaseWith({ r1: { ...GOOD, max_backoff_time: undefined } }), errors: [{ pointer: `${D}/r1`, severity: 'warning', message: 'gives up after 10 minutes' }] },
    { kind: 'legacy', config: legacyWith({ r1: { ...GOOD, max_backoff_time: 0 } }), errors: [{ pointer: `${L}/r1/max_backoff_time` }] },
  ],
});
