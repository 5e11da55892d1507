import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/bootstrap/group-id-length.js';

const bootstrap = (groupId: string) => ({ bootstrap: { server: 'couchbases://cb1', username: 'sg', password: 'pw', group_id: groupId } });
const legacy = (fields: Record<string, unknown>) => ({ databases: { db: { server: 'couchbases://cb1', bucket: 'b', enable_shared_bucket_access: true } }, ...fields });

runRuleTests(rule, {
  valid: [
    { name: '100 bytes', kind: 'bootstrap', config: bootstrap('g'.repeat(100)) },
    { name: '50 characters of 2 bytes each', kind: 'bootstrap', config: bootstrap('é'.repeat(50)) },
    { kind: 'legacy', config: legacy({ config_upgrade_group_id: 'blue' }) },
  ],
  invalid: [
    {
      name: '101 characters: one finding, not the schema\'s too', kind: 'bootstrap', config: bootstrap('g'.repeat(101)),
      errors: [{ pointer: '/bootstrap/group_id', severity: 'error', message: 'group_id is 101 bytes long, more than 100: the gateway refuses to start' }],
    },
    {
      name: '40 characters of 3 bytes each: 120 bytes, which the gateway counts', kind: 'bootstrap', config: bootstrap('本'.repeat(40)),
      errors: [{ pointer: '/bootstrap/group_id', severity: 'error', message: 'group_id is 120 bytes long' }],
    },
    {
      name: 'a legacy file: the automatic upgrade keeps it as bootstrap.group_id', kind: 'legacy', config: legacy({ config_upgrade_group_id: 'ü'.repeat(51) }),
      errors: [{ pointer: '/config_upgrade_group_id', severity: 'error', message: 'config_upgrade_group_id is 102 bytes long' }],
    },
  ],
});
