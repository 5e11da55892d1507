import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/upgrade/credentials-differ.js';

const S = 'couchbases://h';

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: { databases: { a: { server: S, username: 'u', password: 'p1' }, b: { server: S, bucket: 'b', username: 'u', password: 'p1' } } } },
    { name: 'the same credentials, once in the URL', kind: 'legacy', config: { databases: { a: { server: 'couchbases://u:p1@h' }, b: { server: S, bucket: 'b', username: 'u', password: 'p1' } } } },
  ],
  invalid: [
    { name: 'reference example 29', kind: 'legacy', config: { databases: { a: { server: S, username: 'u', password: 'p1' }, b: { server: S, bucket: 'b', username: 'v', password: 'secret2' } } }, errors: [{ pointer: '/databases/b/username', severity: 'info', message: /database_credentials(?!.*secret2)/ }] },
  ],
});
