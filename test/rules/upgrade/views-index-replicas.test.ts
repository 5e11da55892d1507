import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/upgrade/views-index-replicas.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: { name: 'db', num_index_replicas: 1 } },
    { kind: 'database', config: { name: 'db', use_views: true } },
  ],
  invalid: [
    { kind: 'legacy', config: { databases: { db: { server: 'couchbases://h', use_views: true, num_index_replicas: 1 } } }, errors: [{ pointer: '/databases/db/num_index_replicas', severity: 'warning', message: 'GSI indexes only' }] },
    { kind: 'database', config: { name: 'db', use_views: true, index: { num_replicas: 2 } }, errors: [{ pointer: '/index/num_replicas' }] },
  ],
});
