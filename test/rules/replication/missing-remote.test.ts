import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/replication/missing-remote.js';
import { D, GOOD, L, databaseWith, legacyWith } from './fixtures.js';

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: legacyWith({ r1: GOOD }) },
    { name: 'remote with credentials is still a URL', kind: 'database', config: databaseWith({ r1: { ...GOOD, remote: 'http://u:p@sg2:4985/db' } }) },
  ],
  invalid: [
    { name: 'missing remote in a legacy file', kind: 'legacy', config: legacyWith({ r1: { ...GOOD, remote: undefined } }), errors: [{ pointer: `${L}/r1`, message: 'the gateway does not start' }] },
    { name: 'empty remote in a database config', kind: 'database', config: databaseWith({ r1: { ...GOOD, remote: '' } }), errors: [{ pointer: `${D}/r1/remote`, message: 'never runs' }] },
    { name: 'not a URL', kind: 'database', config: databaseWith({ r1: { ...GOOD, remote: 'sg2:4984/db' } }), errors: [{ pointer: `${D}/r1/remote`, message: 'not a URL' }] },
  ],
});
