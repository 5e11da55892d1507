import type { Rule } from '../types.js';
import { findKey } from '../database/configs.js';
import { joinPointer } from '../../types.js';
import { invalidOutcome, label, replicationSites } from './common.js';

export const rule: Rule = {
  id: 'replication/id-mismatch',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'An inter-gateway replication whose replication_id differs from its map key, or (database configs) is missing.',
  check(context) {
    for (const site of replicationSites(context)) {
      const key = findKey(site.config, 'replication_id');
      const value = key === undefined ? undefined : site.config[key];
      if (site.id === '') {
        context.report({ pointer: site.pointer, target: 'key', message: `a replication of ${site.db.name ? `database "${site.db.name}"` : 'the database'} has an empty key: the gateway (3.2+) rejects the database config` });
        continue;
      }
      if (typeof value === 'string' && value !== '' && value !== site.id) {
        context.report({
          pointer: joinPointer(site.pointer, key!),
          severity: site.db.legacy ? 'error' : 'warning',
          message: site.db.legacy
            ? `${label(site)}: replication_id "${value}" differs from its map key; ${invalidOutcome(site)}. Make them equal.`
            : `${label(site)}: replication_id "${value}" differs from its map key; the gateway stores the replication under the key "${site.id}", so the id written here is misleading. Make them equal.`,
        });
      } else if (!site.db.legacy && (value === undefined || value === '')) {
        context.report({
          pointer: key === undefined ? site.pointer : joinPointer(site.pointer, key),
          message: `${label(site)} has no replication_id: the gateway (3.2+) rejects a database config whose replication has an empty replication_id; add "replication_id": "${site.id}"`,
        });
      }
    }
  },
};
