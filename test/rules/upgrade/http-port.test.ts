import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/upgrade/http-port.js';

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: { databases: { a: { server: 'http://cb1:8091' } } } },
    { kind: 'legacy', config: { databases: { a: { server: 'couchbase://cb1:11210' } } } },
  ],
  invalid: [
    { name: 'reference example 25', kind: 'legacy', config: { databases: { a: { server: 'http://cb1:9000' } } }, errors: [{ pointer: '/databases/a/server', severity: 'error', message: 'port 9000' }] },
  ],
});
