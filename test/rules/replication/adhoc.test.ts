import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/replication/adhoc.js';
import { D, GOOD, L, databaseWith, legacyWith } from './fixtures.js';

runRuleTests(rule, {
  valid: [{ kind: 'legacy', config: legacyWith({ r1: { ...GOOD, adhoc: false } }) }],
  invalid: [
    { name: 'reference example 28', kind: 'legacy', config: legacyWith({ r1: { ...GOOD, adhoc: true } }), errors: [{ pointer: `${L}/r1/adhoc`, severity: 'error', message: 'the gateway does not start' }] },
    { name: '2.8 checks it as the database loads', kind: 'legacy', options: { target: '2.8' }, config: legacyWith({ r1: { ...GOOD, adhoc: true } }), errors: [{ pointer: `${L}/r1/adhoc`, severity: 'error', message: 'the gateway does not start' }] },
    { name: '3.0 stores a legacy file\'s replications unchecked: it runs', kind: 'legacy', options: { target: '3.0' }, config: legacyWith({ r1: { ...GOOD, adhoc: true } }), errors: [{ pointer: `${L}/r1/adhoc`, severity: 'warning', message: 'stopping it deletes it' }] },
    { name: 'a database config\'s replication is checked only as it starts, without the config-only checks', kind: 'database', config: databaseWith({ r1: { ...GOOD, adhoc: true } }), errors: [{ pointer: `${D}/r1/adhoc`, severity: 'warning', message: 'the config adds it again at the next start' }] },
    { name: 'every start refuses an adhoc replication that starts stopped', kind: 'database', config: databaseWith({ r1: { ...GOOD, adhoc: true, initial_state: 'stopped' } }), errors: [{ pointer: `${D}/r1/adhoc`, severity: 'error', message: 'never starts' }] },
  ],
});
