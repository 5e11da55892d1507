import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/replication/collections.js';
import { D, GOOD, databaseWith } from './fixtures.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: databaseWith({ r1: { ...GOOD, collections_enabled: true, collections_local: ['s.a', 's.b'], collections_remote: ['t.a', null] } }) },
    { kind: 'database', config: databaseWith({ r1: { ...GOOD, collections_enabled: true } }) },
  ],
  invalid: [
    { kind: 'database', config: databaseWith({ r1: { ...GOOD, collections_enabled: true, collections_local: ['s.a', 's.b'], collections_remote: ['t.a'] } }), errors: [{ pointer: `${D}/r1/collections_remote`, severity: 'error', message: 'pair up' }] },
    { kind: 'database', config: databaseWith({ r1: { ...GOOD, collections_local: ['s.a'] } }), errors: [{ pointer: `${D}/r1/collections_local`, severity: 'warning', message: 'collections_enabled' }] },
  ],
});
