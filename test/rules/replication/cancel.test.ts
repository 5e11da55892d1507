import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/replication/cancel.js';
import { D, GOOD, L, databaseWith, legacyWith } from './fixtures.js';

runRuleTests(rule, {
  valid: [
    { name: 'cancel false', kind: 'legacy', options: { target: '2.8' }, config: legacyWith({ r1: { ...GOOD, cancel: false } }) },
    { name: '3.1 and later do not know the field (schema/unknown-field says so)', kind: 'legacy', options: { target: '4.1' }, config: legacyWith({ r1: { ...GOOD, cancel: true } }) },
  ],
  invalid: [
    { name: '2.8 checks it as the database loads', kind: 'legacy', options: { target: '2.8' }, config: legacyWith({ r1: { ...GOOD, cancel: true } }), errors: [{ pointer: `${L}/r1/cancel`, severity: 'error', message: 'the gateway does not start' }] },
    { name: '3.0 stores a legacy file\'s replications unchecked', kind: 'legacy', options: { target: '3.0' }, config: legacyWith({ r1: { ...GOOD, cancel: true } }), errors: [{ pointer: `${L}/r1/cancel`, severity: 'warning', message: 'cancel is ignored in a config' }] },
    { name: 'a 3.0 database config', kind: 'database', options: { target: '3.0' }, config: databaseWith({ r1: { ...GOOD, cancel: true } }), errors: [{ pointer: `${D}/r1/cancel`, severity: 'warning', message: 'ignored' }] },
  ],
});
