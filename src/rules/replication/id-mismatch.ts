import type { Rule } from '../types.js';
import type { Fix } from '../../types.js';
import { underTarget } from '../../releases/index.js';
import { dbLabel, lookup } from '../../document/databases.js';
import { checkedAtStart, invalidOutcome, label, replicationSites } from './common.js';

export const rule: Rule = {
  id: 'replication/id-mismatch',
  severity: 'error',
  kinds: ['legacy', 'database'],
  facts: ['replication-without-id'],
  description: 'An inter-gateway replication whose replication_id differs from its map key, or (database configs) is missing.',
  check(context) {
    for (const site of replicationSites(context)) {
      const id = lookup(site.config, site.pointer, 'replication_id');
      const value = id?.value;
      if (site.id === '') {
        const verdict = context.judge('replication-without-id');
        if (verdict) context.report({ pointer: site.pointer, target: 'key', ...underTarget(verdict, `a replication of ${dbLabel(site.db)} has an empty key`, 'Give it a non-empty key, the same as its replication_id.') });
        continue;
      }
      if (typeof value === 'string' && value !== '' && value !== site.id) {
        const refused = checkedAtStart(site, context);
        context.report({
          pointer: id!.pointer,
          severity: refused ? 'error' : 'warning',
          message: `${label(site)}: replication_id "${value}" differs from its map key`,
          detail: refused
            ? `${invalidOutcome(site, context)} Make them equal.`
            : `The gateway stores the replication under the key "${site.id}", so the id written here is misleading. Make them equal.`,
        });
      } else if (!site.db.legacy && (value === undefined || value === '')) {
        const verdict = context.judge('replication-without-id');
        // Safe: the gateway stores the replication under its key whatever replication_id says.
        const fix: Fix = id ? { op: 'replace-value', pointer: id.pointer, value: site.id } : { op: 'insert-member', pointer: site.pointer, key: 'replication_id', value: site.id };
        if (verdict) context.report({ pointer: id?.pointer ?? site.pointer, ...underTarget(verdict, `${label(site)} has no replication_id`, `Add "replication_id": "${site.id}".`), fix });
      }
    }
  },
};
