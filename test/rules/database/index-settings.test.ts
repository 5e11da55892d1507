import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/index-settings.js';

runRuleTests(rule, {
  valid: [
    { name: 'the deprecated key alone is reported by schema/deprecated, not here', kind: 'database', config: { name: 'db', num_index_replicas: 1 } },
    { kind: 'database', config: { name: 'db', index: { num_replicas: 1, num_partitions: 4 } } },
    { kind: 'legacy', config: { databases: { db: { enable_shared_bucket_access: true, index: { num_partitions: 2 } } } } },
  ],
  invalid: [
    { name: 'reference example 48', kind: 'database', config: { name: 'db', num_index_replicas: 1, index: { num_replicas: 1 } }, errors: [{ pointer: '/num_index_replicas', severity: 'error', message: 'are both set' }] },
    { kind: 'legacy', config: { databases: { db: { index: { num_partitions: 2 } } } }, errors: [{ pointer: '/databases/db/index/num_partitions', message: 'needs shared bucket access' }] },
  ],
});
