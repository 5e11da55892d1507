import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/bootstrap/missing-server.js';

runRuleTests(rule, {
  valid: [{ kind: 'bootstrap', config: { bootstrap: { server: 'couchbases://h' } } }],
  invalid: [
    { name: 'reference example 3', kind: 'bootstrap', config: { api: { public_interface: ':4984' } }, errors: [{ pointer: '', severity: 'error', message: 'no Couchbase Server address to start from' }] },
    { kind: 'bootstrap', config: { bootstrap: { server: '' } }, errors: [{ pointer: '/bootstrap/server' }] },
    { kind: 'bootstrap', config: { bootstrap: { username: 'u' } }, errors: [{ pointer: '/bootstrap' }] },
  ],
});
