import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/upgrade/shared-bucket-access-off.js';

const unset = { databases: { db: { server: 'couchbases://h' } } };

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: { databases: { db: { server: 'couchbases://h', enable_shared_bucket_access: true } } } },
    { name: 'under 3.3, import makes it an error that upgrade/import-without-shared-bucket-access reports', kind: 'database', config: { name: 'db', import_docs: true, enable_shared_bucket_access: false }, options: { target: '3.3' } },
    { name: 'new database configs default to true', kind: 'database', config: { name: 'db' } },
  ],
  invalid: [
    { name: 'reference example 39: explicit false, 4.1 refuses', kind: 'database', config: { name: 'db', enable_shared_bucket_access: false }, errors: [{ pointer: '/enable_shared_bucket_access', severity: 'error', message: '4.0 and later refuse' }] },
    { name: 'reference example 39: upgraded config that did not set it, 4.1 refuses', kind: 'legacy', config: unset, errors: [{ pointer: '/databases/db', severity: 'error', message: 'writes false' }] },
    { name: '3.3 loads it with a deprecation warning (3.3/4.0 boundary)', kind: 'legacy', config: unset, options: { target: '3.3' }, errors: [{ pointer: '/databases/db', severity: 'warning', message: '3.0-3.3 accept it with a deprecation warning; 4.0 and later refuse it' }] },
    { name: '4.0 refuses it', kind: 'database', config: { name: 'db', enable_shared_bucket_access: false }, options: { target: '4.0' }, errors: [{ pointer: '/enable_shared_bucket_access', severity: 'error' }] },
    { name: 'one cause, one error: import_docs is named in it under 4.1', kind: 'database', config: { name: 'db', import_docs: true, enable_shared_bucket_access: false }, errors: [{ pointer: '/enable_shared_bucket_access', severity: 'error', message: 'import_docs needs it too' }] },
    { name: '2.8 loads it silently: an info about 4.0', kind: 'legacy', config: unset, options: { target: '2.8' }, errors: [{ pointer: '/databases/db', severity: 'info', message: '2.8 accepts it; 4.0 and later refuse it' }] },
  ],
});
