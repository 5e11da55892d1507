import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/sgreplicate/removed.js';

const DB = { databases: { db: { server: 'couchbases://cb1' } } };

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: DB },
    { name: 'null is not a value', kind: 'legacy', config: { ...DB, replications: null } },
  ],
  invalid: [
    { name: 'reference example 20', kind: 'legacy', config: { ...DB, replications: [{ replication_id: 'r', source: 'db', target: 'http://sg2:4985/db' }] }, errors: [{ pointer: '/replications', severity: 'error', message: '3.0 and later refuse it' }] },
    { name: 'even an empty array', kind: 'legacy', config: { ...DB, replications: [] }, errors: [{ pointer: '/replications', message: 'even when empty' }] },
    { name: 'a file meant for 3.x says so', kind: 'legacy', config: { ...DB, disable_persistent_config: true, replications: [] }, errors: [{ pointer: '/replications', message: 'keys only later releases know (disable_persistent_config)' }] },
  ],
});
