import type { Rule } from '../types.js';
import { lookup } from '../../document/databases.js';
import { invalidOutcome, label, replicationSites } from './common.js';

export const rule: Rule = {
  id: 'replication/missing-remote',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'An inter-gateway replication without a remote database URL, or with one that is not a URL.',
  check(context) {
    for (const site of replicationSites(context)) {
      const remote = lookup(site.config, site.pointer, 'remote');
      if (remote === undefined || remote.value === '') {
        context.report({
          pointer: remote?.pointer ?? site.pointer,
          message: `${label(site)} has no remote`, detail: `Set "remote" to the full URL of the remote database (for example "https://sg2.example.com:4984/db"). ${invalidOutcome(site)}`,
        });
      } else if (typeof remote.value === 'string' && !isUrl(remote.value)) {
        context.report({
          pointer: remote.pointer,
          message: `${label(site)}: remote is not a URL with a scheme and a host`, detail: `Expected for example "https://sg2.example.com:4984/db". ${invalidOutcome(site)}`,
        });
      }
    }
  },
};

function isUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.host !== '' && /^(https?|wss?):$/.test(url.protocol);
  } catch {
    return false;
  }
}
