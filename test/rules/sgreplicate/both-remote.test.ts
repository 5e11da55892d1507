import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/sgreplicate/both-remote.js';

const DB = { databases: { db: { server: 'couchbases://cb1' } } };

runRuleTests(rule, {
  valid: [
    { name: 'local source', kind: 'legacy', config: { ...DB, replications: [{ source: 'db', target: 'http://sg2:4985/db' }] } },
    { name: 'local target', kind: 'legacy', config: { ...DB, replications: [{ source: 'http://sg2:4985/db', target: 'db' }] } },
  ],
  invalid: [
    { kind: 'legacy', config: { ...DB, replications: [{ replication_id: 'r', source: 'http://sg1:4985/db', target: 'http://sg2:4985/db' }] }, errors: [{ pointer: '/replications/0', severity: 'warning', message: 'neither its source nor its target is a bare database name' }] },
  ],
});
