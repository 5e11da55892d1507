import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/upgrade/import-without-shared-bucket-access.js';

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: { databases: { db: { server: 'couchbases://h', enable_shared_bucket_access: true, import_docs: true } } } },
    { name: 'new database configs default to shared bucket access', kind: 'database', config: { name: 'db', import_docs: true } },
    { kind: 'legacy', config: { databases: { db: { server: 'couchbases://h', import_docs: false } } } },
  ],
  invalid: [
    { name: 'legacy default is off (legacy mode)', kind: 'legacy', config: { disable_persistent_config: true, databases: { db: { server: 'couchbases://h', import_docs: 'continuous' } } }, errors: [{ pointer: '/databases/db/import_docs', severity: 'error', message: 'legacy database defaults to false' }] },
    { name: 'automatic upgrade: stored unvalidated', kind: 'legacy', config: { databases: { db: { server: 'couchbases://h', import_docs: true } } }, errors: [{ pointer: '/databases/db/import_docs', severity: 'warning', message: 'REST update' }] },
    { kind: 'database', config: { name: 'db', import_docs: true, enable_shared_bucket_access: false }, errors: [{ pointer: '/import_docs', message: 'enable_shared_bucket_access is false' }] },
  ],
});
