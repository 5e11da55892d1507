import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/upgrade/index-replicas.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: { name: 'db', num_index_replicas: 1 } },
    { kind: 'database', config: { name: 'db', index: { num_replicas: 0 } } },
  ],
  invalid: [
    { name: 'reference example 48 (second half)', kind: 'database', config: { name: 'db', index: { num_replicas: 3 } }, errors: [{ pointer: '/index/num_replicas', severity: 'info', message: 'at least 4 index nodes' }] },
  ],
});
