import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/upgrade/shared-bucket.js';

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: { databases: { a: { server: 'couchbases://h' }, b: { server: 'couchbases://h' } } } },
    { name: '2.8: the same bucket name on two clusters is two buckets', kind: 'legacy', options: { target: '2.8' }, config: { databases: { a: { server: 'couchbase://h1', bucket: 'x' }, b: { server: 'couchbase://h2', bucket: 'x' } } } },
    { name: 'legacy mode: the same bucket name on two clusters is two buckets', kind: 'legacy', config: { disable_persistent_config: true, databases: { a: { server: 'couchbase://h1', bucket: 'x' }, b: { server: 'couchbase://h2', bucket: 'x' } } } },
    { name: 'legacy mode: a database without a server uses the bootstrap address, unknown when the others name two clusters', kind: 'legacy', config: { disable_persistent_config: true, databases: { a: { server: 'couchbase://h1', bucket: 'x' }, b: { server: 'couchbase://h2', bucket: 'y' }, c: { bucket: 'x' } } } },
  ],
  invalid: [
    { name: 'reference example 23: the bucket defaults to the database name', kind: 'legacy', config: { databases: { a: { server: 'couchbases://h' }, b: { server: 'couchbases://h', bucket: 'a' } } }, errors: [{ pointer: '/databases/b/bucket', severity: 'error', message: 'both use bucket "a"' }] },
    { name: '2.8 has no automatic upgrade: it starts both, with a warning', kind: 'legacy', options: { target: '2.8' }, config: { databases: { a: { server: 'couchbase://h' }, b: { server: 'couchbase://h', bucket: 'a' } } }, errors: [{ pointer: '/databases/b/bucket', severity: 'warning', message: 'both use bucket "a"' }] },
    { name: 'legacy mode starts both, silently (no automatic upgrade, no shared-bucket check)', kind: 'legacy', config: { disable_persistent_config: true, databases: { a: { bucket: 'x' }, b: { bucket: 'x' } } }, errors: [{ pointer: '/databases/b/bucket', severity: 'warning', message: 'both use bucket "x"' }] },
    { name: 'legacy mode: a database without a server is on the bootstrap address, the other database\'s', kind: 'legacy', config: { disable_persistent_config: true, databases: { a: { server: 'couchbase://h1', bucket: 'x' }, b: { bucket: 'x' } } }, errors: [{ pointer: '/databases/b/bucket', severity: 'warning', message: 'both use bucket "x"' }] },
    { name: '2.8: one cluster written two ways (the address upgrade reads both as couchbase://h)', kind: 'legacy', options: { target: '2.8' }, config: { databases: { a: { server: 'http://h:8091', bucket: 'x' }, b: { server: 'couchbase://h', bucket: 'x' } } }, errors: [{ pointer: '/databases/b/bucket', severity: 'warning', message: 'both use bucket "x"' }] },
    { name: 'legacy mode: a missing bucket defaults to the database name', kind: 'legacy', config: { disable_persistent_config: true, databases: { a: {}, b: { bucket: 'a' } } }, errors: [{ pointer: '/databases/b/bucket', severity: 'warning', message: 'databases "a" and "b" both use bucket "a"' }] },
  ],
});
