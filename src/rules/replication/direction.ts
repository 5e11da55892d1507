import type { Rule } from '../types.js';
import { findKey } from '../database/configs.js';
import { joinPointer } from '../../types.js';
import { invalidOutcome, label, replicationSites } from './common.js';

// A value outside push/pull/pushAndPull (V15) is the schema's enum check (schema/*); this rule catches a missing one (V14).

export const rule: Rule = {
  id: 'replication/direction',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'An inter-gateway replication without a direction (V14).',
  check(context) {
    for (const site of replicationSites(context)) {
      const key = findKey(site.config, 'direction');
      const value = key === undefined ? undefined : site.config[key];
      if (value === undefined || value === null || value === '') {
        context.report({
          pointer: key === undefined ? site.pointer : joinPointer(site.pointer, key),
          message: `${label(site)} has no direction: set "direction" to "push", "pull" or "pushAndPull"; ${invalidOutcome(site)}`,
        });
      }
    }
  },
};
