import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/sgreplicate/no-delta-sync.js';

const config = (delta: boolean) => ({
  databases: { db: { server: 'couchbases://cb1', delta_sync: { enabled: delta } } },
  replications: [{ replication_id: 'r', source: 'db', target: 'http://sg2:4985/db' }],
});

runRuleTests(rule, {
  valid: [{ kind: 'legacy', config: config(false) }],
  invalid: [{ kind: 'legacy', config: config(true), errors: [{ pointer: '/replications/0', severity: 'info', message: 'sends whole revisions' }] }],
});
