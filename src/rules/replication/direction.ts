import type { Rule } from '../types.js';
import { lookup } from '../../document/databases.js';
import { invalidOutcome, label, replicationSites } from './common.js';

// A value outside push/pull/pushAndPull (V15) is the schema's enum check (schema/*); this rule catches a missing one (V14).

export const rule: Rule = {
  id: 'replication/direction',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'An inter-gateway replication without a direction.',
  check(context) {
    for (const site of replicationSites(context)) {
      const direction = lookup(site.config, site.pointer, 'direction');
      if (direction === undefined || direction.value === '') {
        context.report({
          pointer: direction?.pointer ?? site.pointer,
          message: `${label(site)} has no direction`, detail: `Set "direction" to "push", "pull" or "pushAndPull". ${invalidOutcome(site, context)}`,
        });
      }
    }
  },
};
