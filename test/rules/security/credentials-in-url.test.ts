import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/security/credentials-in-url.js';

runRuleTests(rule, {
  valid: [
    { kind: 'bootstrap', config: { bootstrap: { server: 'couchbases://cb1', username: 'u', password: 'p' } } },
    { name: 'a user name alone is no secret', kind: 'legacy', config: { databases: { db: { server: 'couchbases://u@cb1' } } } },
  ],
  invalid: [
    { kind: 'legacy', config: { databases: { db: { server: 'http://sync:s3cret@cb1:8091' } } }, errors: [{ pointer: '/databases/db/server', severity: 'warning', message: /^(?![^]*s3cret)[^]*username \/ password/ }] },
    { kind: 'database', config: { name: 'db', replications: { r: { remote: 'https://u:s3cret@sg2/db', direction: 'pull' } } }, errors: [{ pointer: '/replications/r/remote', message: 'remote_username' }] },
    { kind: 'legacy', config: { databases: { db: { server: 'walrus:' } }, replications: [{ source: 'db', target: 'http://u:pw@sg2:4985/db' }] }, errors: [{ pointer: '/replications/0/target' }] },
  ],
});
