import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/bootstrap/bcrypt-cost.js';

runRuleTests(rule, {
  valid: [
    { name: 'reference example 9: 0 means the default', kind: 'bootstrap', config: { auth: { bcrypt_cost: 0 } } },
    { kind: 'bootstrap', config: { auth: { bcrypt_cost: 31 } } },
    { kind: 'legacy', config: { bcrypt_cost: 10, databases: {} } },
  ],
  invalid: [
    { name: 'reference example 9', kind: 'bootstrap', config: { auth: { bcrypt_cost: 5 } }, errors: [{ pointer: '/auth/bcrypt_cost', severity: 'error', message: 'is outside 10-31: the gateway refuses to start' }] },
    { kind: 'legacy', config: { bcrypt_cost: 32, databases: {} }, errors: [{ pointer: '/bcrypt_cost' }] },
  ],
});
