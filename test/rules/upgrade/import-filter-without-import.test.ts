import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/upgrade/import-filter-without-import.js';

const F = 'function(doc) { return true; }';

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: { databases: { db: { server: 'couchbases://h', enable_shared_bucket_access: true, import_docs: true, import_filter: F } } } },
    { name: 'EE imports by default with shared bucket access', kind: 'database', config: { name: 'db', import_filter: F } },
  ],
  invalid: [
    { kind: 'legacy', config: { databases: { db: { server: 'couchbases://h', import_filter: F } } }, errors: [{ pointer: '/databases/db/import_filter', severity: 'warning', message: 'shared bucket access is off' }] },
    { kind: 'database', config: { name: 'db', import_docs: false, import_filter: F }, errors: [{ pointer: '/import_filter', message: 'import_docs is false' }] },
    { name: 'CE does not import by default', kind: 'database', options: { settings: { edition: 'ce' } }, config: { name: 'db', scopes: { s: { collections: { c: { import_filter: F } } } } }, errors: [{ pointer: '/scopes/s/collections/c/import_filter', message: 'Community Edition' }] },
  ],
});
