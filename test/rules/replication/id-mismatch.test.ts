import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/replication/id-mismatch.js';
import { D, GOOD, L, databaseWith, legacyWith } from './fixtures.js';

runRuleTests(rule, {
  valid: [
    { name: 'id equals key', kind: 'legacy', config: legacyWith({ r1: GOOD }) },
    { name: 'legacy: no replication_id is allowed', kind: 'legacy', config: legacyWith({ r1: { ...GOOD, replication_id: undefined } }) },
    { name: 'database config with id', kind: 'database', config: databaseWith({ r1: GOOD }) },
  ],
  invalid: [
    { name: 'legacy mismatch is fatal', kind: 'legacy', config: legacyWith({ r1: { ...GOOD, replication_id: 'other' } }), errors: [{ pointer: `${L}/r1/replication_id`, severity: 'error', message: 'the gateway does not start' }] },
    { name: '3.0 does not compare them: stored under the key', kind: 'legacy', options: { target: '3.0' }, config: legacyWith({ r1: { ...GOOD, replication_id: 'other' } }), errors: [{ pointer: `${L}/r1/replication_id`, severity: 'warning', message: 'misleading' }] },
    { name: 'database config mismatch', kind: 'database', config: databaseWith({ r1: { ...GOOD, replication_id: 'other' } }), errors: [{ pointer: `${D}/r1/replication_id`, severity: 'warning', message: 'stores the replication under the key' }] },
    { name: 'database config without replication_id', kind: 'database', config: databaseWith({ r1: { ...GOOD, replication_id: undefined } }), errors: [{ pointer: `${D}/r1`, severity: 'error', message: 'add "replication_id": "r1"' }] },
    { name: 'empty key', kind: 'database', config: databaseWith({ '': GOOD }), errors: [{ pointer: `${D}/`, message: 'empty key' }] },
  ],
});
