import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/upgrade/group-id-ce.js';

const CONFIG = { config_upgrade_group_id: 'edge', databases: { db: { server: 'couchbases://h' } } };

runRuleTests(rule, {
  valid: [{ name: 'EE', kind: 'legacy', config: CONFIG }],
  invalid: [{ name: 'reference example 24', kind: 'legacy', options: { settings: { edition: 'ce' } }, config: CONFIG, errors: [{ pointer: '/config_upgrade_group_id', severity: 'error' }] }],
});
