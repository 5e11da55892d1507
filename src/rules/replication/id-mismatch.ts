import type { Rule } from '../types.js';
import { dbLabel, lookup } from '../../document/databases.js';
import { invalidOutcome, label, replicationSites } from './common.js';

export const rule: Rule = {
  id: 'replication/id-mismatch',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'An inter-gateway replication whose replication_id differs from its map key, or (database configs) is missing.',
  check(context) {
    for (const site of replicationSites(context)) {
      const id = lookup(site.config, site.pointer, 'replication_id');
      const value = id?.value;
      if (site.id === '') {
        context.report({ pointer: site.pointer, target: 'key', message: `a replication of ${dbLabel(site.db)} has an empty key: the gateway (3.2+) rejects the database config. Give it a non-empty key, the same as its replication_id.` });
        continue;
      }
      if (typeof value === 'string' && value !== '' && value !== site.id) {
        context.report({
          pointer: id!.pointer,
          severity: site.db.legacy ? 'error' : 'warning',
          message: site.db.legacy
            ? `${label(site)}: replication_id "${value}" differs from its map key; ${invalidOutcome(site)}. Make them equal.`
            : `${label(site)}: replication_id "${value}" differs from its map key; the gateway stores the replication under the key "${site.id}", so the id written here is misleading. Make them equal.`,
        });
      } else if (!site.db.legacy && (value === undefined || value === '')) {
        context.report({
          pointer: id?.pointer ?? site.pointer,
          message: `${label(site)} has no replication_id: the gateway (3.2+) rejects a database config whose replication has an empty replication_id; add "replication_id": "${site.id}"`,
        });
      }
    }
  },
};
