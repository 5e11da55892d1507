import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/upgrade/shadow.js';

runRuleTests(rule, {
  valid: [{ kind: 'legacy', config: { databases: { a: { server: 'couchbases://h', enable_shared_bucket_access: true, import_docs: true } } } }],
  invalid: [
    { kind: 'legacy', config: { databases: { a: { server: 'walrus:', shadow: { server: 'http://cb:8091', bucket: 'x' } } } }, errors: [{ pointer: '/databases/a/shadow', severity: 'error', message: '"import_docs": true' }] },
    { kind: 'legacy', config: { databases: { a: { server: 'walrus:', deprecated: { shadow: { bucket: 'x' } } } } }, errors: [{ pointer: '/databases/a/deprecated/shadow' }] },
  ],
});
