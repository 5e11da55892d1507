import type { Rule } from '../types.js';
import { hasSource } from '../../document/databases.js';
import { joinPointer } from '../../types.js';
import { invalidOutcome, label, replicationSites } from './common.js';

export const rule: Rule = {
  id: 'replication/conflict-resolution',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'A custom conflict resolution type without a resolver, or resolver settings the gateway ignores.',
  check(context) {
    for (const site of replicationSites(context)) {
      const { conflict_resolution_type: type, custom_conflict_resolver: resolver, direction } = site.config;
      // The gateway refuses only an empty resolver; a blank one is compiled, and fails (functions/not-a-function).
      if (type === 'custom' && (typeof resolver !== 'string' || resolver === '')) {
        context.report({ pointer: joinPointer(site.pointer, 'conflict_resolution_type'), message: `${label(site)}: conflict_resolution_type "custom" needs a custom_conflict_resolver function`, detail: invalidOutcome(site, context) });
        continue;
      }
      if (hasSource(resolver) && type !== 'custom') {
        context.report({ pointer: joinPointer(site.pointer, 'custom_conflict_resolver'), severity: 'warning', message: `${label(site)}: custom_conflict_resolver is ignored unless conflict_resolution_type is "custom"` });
      }
      if (direction === 'push' && typeof type === 'string' && type !== '' && type !== 'default') {
        context.report({ pointer: joinPointer(site.pointer, 'conflict_resolution_type'), severity: 'warning', message: `${label(site)}: a push replication ignores conflict_resolution_type`, detail: 'Only pull and pushAndPull replications resolve conflicts.' });
      }
    }
  },
};
