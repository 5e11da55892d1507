import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/upgrade/database-without-server.js';

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: { databases: { a: { server: 'couchbases://cb1' } } } },
    { name: '2.8 has no legacy mode and no bootstrap address to take', kind: 'legacy', options: { target: '2.8' }, config: { disable_persistent_config: true, databases: { a: { server: 'couchbases://cb1' }, b: {} } } },
    { name: 'a server of another type (schema/type says so)', kind: 'legacy', config: { databases: { a: { server: 5 } } } },
  ],
  invalid: [
    { name: 'reference example 22 (upgrade)', kind: 'legacy', config: { databases: { a: { server: 'couchbases://cb1' }, b: { bucket: 'b' } } }, errors: [{ pointer: '/databases/b', severity: 'error', message: 'automatic upgrade needs a server' }] },
    { name: 'empty server', kind: 'legacy', config: { databases: { a: { server: '' } } }, errors: [{ pointer: '/databases/a/server', severity: 'error' }] },
    { name: 'legacy mode: uses the bootstrap address', kind: 'legacy', config: { disable_persistent_config: true, databases: { a: { server: 'couchbases://cb1' }, b: {} } }, errors: [{ pointer: '/databases/b', severity: 'info', message: 'bootstrap address' }] },
    { name: 'legacy mode without any server', kind: 'legacy', config: { disable_persistent_config: true, databases: { a: {} } }, errors: [{ pointer: '/databases/a', severity: 'error', message: 'no other database has one (refused by 4.1)' }] },
    { name: '2.8 starts it on walrus:, the releases with legacy mode refuse it', kind: 'legacy', options: { target: '2.8' }, config: { disable_persistent_config: true, databases: { a: {} } }, errors: [{ pointer: '/databases/a', severity: 'info', message: 'no other database has one (refused by 3.0)' }] },
  ],
});
