import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/bootstrap/edition.js';

const CE = { settings: { edition: 'ce' as const } };

runRuleTests(rule, {
  valid: [
    { name: 'EE', kind: 'bootstrap', config: { bootstrap: { group_id: 'edge' }, api: { enable_advanced_auth_dp: true } } },
    { name: 'CE defaults', kind: 'bootstrap', options: CE, config: { bootstrap: { group_id: 'default' }, api: { enable_advanced_auth_dp: false } } },
  ],
  invalid: [
    { name: 'reference example 10 (group id)', kind: 'bootstrap', options: CE, config: { bootstrap: { group_id: 'edge' } }, errors: [{ pointer: '/bootstrap/group_id', severity: 'error', message: 'a Community Edition gateway refuses to start' }] },
    { name: 'reference example 10 (advanced auth)', kind: 'bootstrap', options: CE, config: { api: { enable_advanced_auth_dp: true } }, errors: [{ pointer: '/api/enable_advanced_auth_dp', message: 'Edition gateway refuses to start with it true' }] },
    { kind: 'legacy', options: CE, config: { enable_advanced_auth_dp: true, databases: {} }, errors: [{ pointer: '/enable_advanced_auth_dp' }] },
  ],
});
