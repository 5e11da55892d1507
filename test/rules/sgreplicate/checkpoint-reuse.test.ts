import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/sgreplicate/checkpoint-reuse.js';

const REMOTE = 'http://sg2.example.com:4985/db';
const OLD = { replication_id: 'r1', source: 'db', target: REMOTE, continuous: true, filter: 'sync_gateway/bychannel', query_params: { channels: ['a', 'b'] } };
const NEW = { replication_id: 'r1', remote: REMOTE, direction: 'push', continuous: true, max_backoff_time: 5, filter: 'sync_gateway/bychannel', query_params: { channels: ['b', 'a'] } };

const config = (old: Record<string, unknown>, isgr: Record<string, unknown>) => ({
  databases: { db: { server: 'couchbases://cb1', replications: { r1: isgr } } },
  replications: [old],
});
const R = '/databases/db/replications/r1';

runRuleTests(rule, {
  valid: [
    { name: 'different ids: nothing to take over', kind: 'legacy', config: config({ ...OLD, replication_id: 'old' }, NEW) },
    { name: 'no root-level replications', kind: 'legacy', config: { databases: { db: { server: 'couchbases://cb1', replications: { r1: NEW } } } } },
  ],
  invalid: [
    { name: 'push that matches: re-used', kind: 'legacy', config: config(OLD, NEW), errors: [{ pointer: R, severity: 'info', message: 'will re-use the first-generation checkpoint' }] },
    {
      name: 'pull that matches', kind: 'legacy',
      config: config({ replication_id: 'r1', source: REMOTE, target: 'db' }, { remote: REMOTE, direction: 'pull' }),
      errors: [{ pointer: R, severity: 'info' }],
    },
    { name: 'pushAndPull never re-uses', kind: 'legacy', config: config(OLD, { ...NEW, direction: 'pushAndPull' }), errors: [{ pointer: `${R}/direction`, severity: 'warning', message: 'restart from zero' }] },
    { name: 'remote differs (trailing slash)', kind: 'legacy', config: config(OLD, { ...NEW, remote: `${REMOTE}/` }), errors: [{ pointer: `${R}/remote`, severity: 'warning', message: /\(remote\)[^]*restart from zero.*different replication_id/ }] },
    { name: 'password never printed', kind: 'legacy', config: config({ ...OLD, target: 'http://u:s3cret@sg2:4985/db' }, { ...NEW, remote: 'http://u:other@sg2:4985/db' }), errors: [{ pointer: `${R}/remote`, message: /^(?![^]*(s3cret|other))[^]*differ in their credentials/ }] },
    { name: 'local database name differs', kind: 'legacy', config: config({ ...OLD, source: 'other' }, NEW), errors: [{ pointer: '/replications/0/source', message: 'bare name "db"' }] },
    { name: 'both ends remote', kind: 'legacy', config: config({ ...OLD, source: 'http://sg3:4985/db' }, NEW), errors: [{ pointer: '/replications/0', message: 'neither end' }] },
    { name: 'doc_ids filter', kind: 'legacy', config: config({ ...OLD, doc_ids: ['x'] }, NEW), errors: [{ pointer: '/replications/0/doc_ids', message: 'document-id filter' }] },
    { name: 'channels differ: the gateway would still re-use', kind: 'legacy', config: config(OLD, { ...NEW, query_params: { channels: ['a'] } }), errors: [{ pointer: `${R}/query_params`, severity: 'warning', message: 'the gateway itself compares only direction, local database and URL' }] },
    { name: 'filter differs', kind: 'legacy', config: config(OLD, { ...NEW, filter: undefined, query_params: undefined }), errors: [{ pointer: R, message: 'channel filter differs' }] },
    { name: 'only the first candidate counts', kind: 'legacy', config: { ...config(OLD, NEW), replications: [{ ...OLD, source: 'other' }, OLD] }, errors: [{ pointer: '/replications/0/source' }] },
  ],
});
