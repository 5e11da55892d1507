import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/upgrade/shared-bucket-access-off.js';

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: { databases: { db: { server: 'couchbases://h', enable_shared_bucket_access: true } } } },
    { name: 'new database configs default to true', kind: 'database', config: { name: 'db' } },
  ],
  invalid: [
    { name: 'reference example 39: explicit false', kind: 'database', config: { name: 'db', enable_shared_bucket_access: false }, errors: [{ pointer: '/enable_shared_bucket_access', severity: 'warning', message: '4.0 and later refuse' }] },
    { name: 'reference example 39: upgraded config that did not set it', kind: 'legacy', config: { databases: { db: { server: 'couchbases://h' } } }, errors: [{ pointer: '/databases/db', severity: 'warning', message: 'writes false' }] },
  ],
});
