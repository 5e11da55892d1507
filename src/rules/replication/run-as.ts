import type { Rule } from '../types.js';
import { get, lookup } from '../../document/databases.js';
import { isObject } from '../../types.js';
import { label, replicationSites } from './common.js';

export const rule: Rule = {
  id: 'replication/run-as',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  description: 'A replication run_as user that the config itself shows does not exist (the replication then runs without any user restriction).',
  check(context) {
    for (const site of replicationSites(context)) {
      const runAs = lookup(site.config, site.pointer, 'run_as');
      if (!runAs || typeof runAs.value !== 'string' || runAs.value === '') continue;
      const users = get(site.db.config, 'users');
      // Only a legacy file lists its users; database configs create them through the _user endpoint.
      if (!site.db.legacy || !isObject(users)) continue;
      if (!Object.prototype.hasOwnProperty.call(users, runAs.value)) {
        context.report({ pointer: runAs.pointer, message: `${label(site)}: run_as user "${runAs.value}" is not among the users of this database`, detail: 'By code reading, the gateway then applies no user restriction at all (every document replicates). Create the user or fix the name.' });
      }
    }
  },
};
