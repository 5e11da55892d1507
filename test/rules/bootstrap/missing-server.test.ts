import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/bootstrap/missing-server.js';

runRuleTests(rule, {
  valid: [
    { kind: 'bootstrap', config: { bootstrap: { server: 'couchbases://h' } } },
    { name: 'a server of another type (schema/type says so)', kind: 'bootstrap', config: { bootstrap: { server: 5 } } },
  ],
  invalid: [
    { name: 'reference example 3', kind: 'bootstrap', config: { api: { public_interface: ':4984' } }, errors: [{ pointer: '', severity: 'error', message: 'no Couchbase Server address to start from' }] },
    { kind: 'bootstrap', config: { bootstrap: { server: '' } }, errors: [{ pointer: '/bootstrap/server' }] },
    { name: 'null, which Go decodes as no address', kind: 'bootstrap', config: { bootstrap: { server: null } }, errors: [{ pointer: '/bootstrap' }] },
    { kind: 'bootstrap', config: { bootstrap: { username: 'u' } }, errors: [{ pointer: '/bootstrap' }] },
  ],
});
