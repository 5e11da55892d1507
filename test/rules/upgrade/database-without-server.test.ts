import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/upgrade/database-without-server.js';

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: { databases: { a: { server: 'couchbases://cb1' } } } },
    { name: 'a server of another type (schema/type says so)', kind: 'legacy', config: { databases: { a: { server: 5 } } } },
  ],
  invalid: [
    { name: 'reference example 22 (upgrade)', kind: 'legacy', config: { databases: { a: { server: 'couchbases://cb1' }, b: { bucket: 'b' } } }, errors: [{ pointer: '/databases/b', severity: 'error', message: 'automatic upgrade needs a server' }] },
    { name: 'empty server', kind: 'legacy', config: { databases: { a: { server: '' } } }, errors: [{ pointer: '/databases/a/server', severity: 'error' }] },
    { name: 'legacy mode: uses the bootstrap address', kind: 'legacy', config: { disable_persistent_config: true, databases: { a: { server: 'couchbases://cb1' }, b: {} } }, errors: [{ pointer: '/databases/b', severity: 'info', message: 'bootstrap address' }] },
    { name: 'legacy mode without any server', kind: 'legacy', config: { disable_persistent_config: true, databases: { a: {} } }, errors: [{ pointer: '/databases/a', severity: 'error', message: 'no bootstrap address' }] },
  ],
});
