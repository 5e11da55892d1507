import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/upgrade/slow-query-threshold.js';

runRuleTests(rule, {
  valid: [{ kind: 'legacy', config: { slowQueryWarningThreshold: 1000, databases: { db: { server: 'couchbases://h' } } } }],
  invalid: [
    { kind: 'legacy', config: { slowQueryWarningThreshold: 1000, databases: { db: { server: 'couchbases://h', slow_query_warning_threshold: 200 } } }, errors: [{ pointer: '/databases/db/slow_query_warning_threshold', severity: 'warning', message: 'replaced' }] },
    { name: 'the root key in another case (the gateway matches keys case-insensitively)', kind: 'legacy', config: { SlowQueryWarningThreshold: 1000, databases: { db: { server: 'couchbases://h', slow_query_warning_threshold: 200 } } }, errors: [{ pointer: '/databases/db/slow_query_warning_threshold', message: 'replaced' }] },
  ],
});
