import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/upgrade/import-without-shared-bucket-access.js';

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: { databases: { db: { server: 'couchbases://h', enable_shared_bucket_access: true, import_docs: true } } } },
    { name: 'new database configs default to shared bucket access', kind: 'database', config: { name: 'db', import_docs: true } },
    { kind: 'legacy', config: { databases: { db: { server: 'couchbases://h', import_docs: false } } } },
    // One cause, one error: where the target refuses shared bucket access off by itself (4.0 and later),
    // upgrade/shared-bucket-access-off reports the database and names import.
    { name: 'under 4.1 the cause is reported once, by upgrade/shared-bucket-access-off', kind: 'database', config: { name: 'db', import_docs: true, enable_shared_bucket_access: false } },
    { name: 'under 4.1, a legacy database too', kind: 'legacy', config: { databases: { db: { server: 'couchbases://h', import_docs: true } } } },
  ],
  invalid: [
    { name: 'legacy default is off (legacy mode)', kind: 'legacy', config: { disable_persistent_config: true, databases: { db: { server: 'couchbases://h', import_docs: 'continuous' } } }, options: { target: '3.3' }, errors: [{ pointer: '/databases/db/import_docs', severity: 'error', message: 'legacy database defaults to false' }] },
    { name: 'automatic upgrade: stored unvalidated', kind: 'legacy', config: { databases: { db: { server: 'couchbases://h', import_docs: true } } }, options: { target: '3.3' }, errors: [{ pointer: '/databases/db/import_docs', severity: 'warning', message: 'REST update' }] },
    { kind: 'database', config: { name: 'db', import_docs: true, enable_shared_bucket_access: false }, options: { target: '3.3' }, errors: [{ pointer: '/import_docs', message: 'enable_shared_bucket_access is false' }] },
  ],
});
