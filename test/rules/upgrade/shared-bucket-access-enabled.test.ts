import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/upgrade/shared-bucket-access-enabled.js';

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: { databases: { db: { server: 'couchbases://h' } } } },
    // The default of every database config: saying it again tells the reader nothing to act on.
    { name: 'a database config, where it is the default', kind: 'database', config: { name: 'db', enable_shared_bucket_access: true } },
  ],
  invalid: [
    { kind: 'legacy', config: { databases: { db: { server: 'couchbases://h', enable_shared_bucket_access: true } } }, errors: [{ pointer: '/databases/db/enable_shared_bucket_access', severity: 'info', message: 'maintenance window' }] },
    { name: 'views: no index rebuild', kind: 'legacy', config: { databases: { db: { server: 'couchbases://h', use_views: true, enable_shared_bucket_access: true } } }, errors: [{ pointer: '/databases/db/enable_shared_bucket_access', message: /cannot be undone(?![^]*maintenance)/ }] },
  ],
});
