import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/replication/run-as.js';
import { GOOD, L, databaseWith, legacyWith } from './fixtures.js';

const USERS = { users: { alice: { password: 'pw1', admin_channels: ['a'] } } };

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: legacyWith({ r1: { ...GOOD, run_as: 'alice' } }, USERS) },
    { name: 'database configs do not list users', kind: 'database', config: databaseWith({ r1: { ...GOOD, run_as: 'bob' } }) },
  ],
  invalid: [
    { kind: 'legacy', config: legacyWith({ r1: { ...GOOD, run_as: 'bob' } }, USERS), errors: [{ pointer: `${L}/r1/run_as`, severity: 'warning', message: 'no user restriction' }] },
  ],
});
