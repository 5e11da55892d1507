import type { Rule } from '../types.js';
import { lookup } from '../../document/databases.js';
import { invalidOutcome, label, replicationSites } from './common.js';
import { readRemote } from './remote-url.js';

export const rule: Rule = {
  id: 'replication/missing-remote',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'An inter-gateway replication without a remote database URL, with one the gateway cannot read, or with one it cannot connect to (not http:// or https://).',
  check(context) {
    for (const site of replicationSites(context)) {
      const remote = lookup(site.config, site.pointer, 'remote');
      if (remote === undefined || remote.value === '') {
        context.report({
          pointer: remote?.pointer ?? site.pointer,
          message: `${label(site)} has no remote`, detail: `Set "remote" to the full URL of the remote database (for example "https://sg2.example.com:4984/db"). ${invalidOutcome(site, context)}`,
        });
      } else if (typeof remote.value === 'string') {
        const reading = readRemote(remote.value);
        if (reading.kind === 'invalid') {
          context.report({
            pointer: remote.pointer,
            message: `${label(site)}: remote is not a URL the gateway can read`, detail: `Go's URL parser refuses it: ${reading.why}. ${invalidOutcome(site, context)}`,
          });
        } else if (reading.kind === 'unreachable') {
          context.report({
            pointer: remote.pointer,
            message: `${label(site)}: remote is no http:// or https:// URL, so the replication never connects`,
            detail: `The gateway accepts it (${reading.why}), but before each connection it asks the remote with an HTTP request, which only http:// and https:// URLs can make: the replication fails every time it starts. Write for example "https://sg2.example.com:4984/db".`,
          });
        }
      }
    }
  },
};
