import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/import-partitions.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: { name: 'db', import_partitions: 8 } },
    { name: 'CE: a warning of database/edition instead', kind: 'database', options: { settings: { edition: 'ce' } }, config: { name: 'db', import_partitions: 8, enable_shared_bucket_access: false } },
  ],
  invalid: [
    { name: 'reference example 41: shared bucket access off (legacy mode)', kind: 'legacy', config: { disable_persistent_config: true, databases: { db: { import_partitions: 8 } } }, errors: [{ pointer: '/databases/db/import_partitions', severity: 'error', message: 'shared bucket access' }] },
    { name: 'the automatic upgrade does not validate: warning', kind: 'legacy', config: { databases: { db: { import_partitions: 8 } } }, errors: [{ pointer: '/databases/db/import_partitions', severity: 'warning', message: 'automatic upgrade does not run this validation' }] },
    { name: 'reference example 41: import disabled', kind: 'database', config: { name: 'db', import_docs: false, import_partitions: 8 }, errors: [{ pointer: '/import_partitions', message: 'import is disabled' }] },
  ],
});
