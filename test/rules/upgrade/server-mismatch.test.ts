import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/upgrade/server-mismatch.js';

const two = (a: string, b: string, extra: Record<string, unknown> = {}) => ({ ...extra, databases: { a: { server: a, bucket: 'a' }, b: { server: b, bucket: 'b' } } });

runRuleTests(rule, {
  valid: [
    { name: 'equal after the address upgrade', kind: 'legacy', config: two('http://h:8091', 'couchbase://h') },
    { name: 'credentials are not part of the address', kind: 'legacy', config: two('couchbases://u:p@h', 'couchbases://h') },
    { name: 'legacy mode accepts different servers', kind: 'legacy', config: two('couchbases://h1', 'couchbases://h2', { disable_persistent_config: true }) },
  ],
  invalid: [
    { name: 'reference example 21', kind: 'legacy', config: two('couchbases://h1', 'couchbases://h2'), errors: [{ pointer: '/databases/b/server', severity: 'error', message: 'sgconf convert' }] },
    { name: 'host order matters', kind: 'legacy', config: two('couchbase://h1,h2', 'couchbase://h2,h1'), errors: [{ pointer: '/databases/b/server' }] },
  ],
});
