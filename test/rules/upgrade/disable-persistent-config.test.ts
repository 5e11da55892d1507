import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/upgrade/disable-persistent-config.js';

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: { databases: { db: { server: 'couchbases://h' } } } },
    { kind: 'legacy', config: { disable_persistent_config: false, databases: { db: { server: 'couchbases://h' } } } },
  ],
  invalid: [{ kind: 'legacy', config: { disable_persistent_config: true, databases: { db: { server: 'couchbases://h' } } }, errors: [{ pointer: '/disable_persistent_config', severity: 'info', message: 'one-way' }] }],
});
