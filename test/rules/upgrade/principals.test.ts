import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/upgrade/principals.js';

const U = { alice: { password: 'pw1' } };

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: { databases: { a: { server: 'couchbases://h', users: U }, b: { server: 'couchbases://h', bucket: 'b' } } } },
    { name: 'only GUEST elsewhere', kind: 'legacy', config: { databases: { a: { server: 'couchbases://h', users: U }, b: { server: 'couchbases://h', bucket: 'b', users: { GUEST: { disabled: true } } } } } },
  ],
  invalid: [
    {
      name: 'reference example 30', kind: 'legacy',
      config: { databases: { a: { server: 'couchbases://h', users: U }, b: { server: 'couchbases://h', bucket: 'b', roles: { r: {} } } } },
      errors: [{ pointer: '/databases/a/users', severity: 'warning', message: 'principals/<db>.json' }, { pointer: '/databases/b/roles' }],
    },
    {
      name: '2.8 has no automatic upgrade and creates them all: an info about the later upgrade', kind: 'legacy', options: { target: '2.8' },
      config: { databases: { a: { server: 'couchbases://h', users: U }, b: { server: 'couchbases://h', bucket: 'b', roles: { r: {} } } } },
      errors: [{ pointer: '/databases/a/users', severity: 'info', message: 'the automatic upgrade of 3.0 and later keeps one database\'s' }, { pointer: '/databases/b/roles', severity: 'info' }],
    },
  ],
});
