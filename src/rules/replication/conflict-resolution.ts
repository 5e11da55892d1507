import type { Rule } from '../types.js';
import { findKey, hasSource } from '../database/configs.js';
import { joinPointer } from '../../types.js';
import { invalidOutcome, label, replicationSites } from './common.js';

export const rule: Rule = {
  id: 'replication/conflict-resolution',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'A custom conflict resolution type without a resolver (V10), or resolver settings the gateway ignores.',
  check(context) {
    for (const site of replicationSites(context)) {
      const c = site.config;
      const typeKey = findKey(c, 'conflict_resolution_type');
      const resolverKey = findKey(c, 'custom_conflict_resolver');
      const type = typeKey === undefined ? undefined : c[typeKey];
      const resolver = resolverKey === undefined ? undefined : c[resolverKey];
      const direction = c[findKey(c, 'direction') ?? 'direction'];
      if (type === 'custom' && !hasSource(resolver)) {
        context.report({ pointer: joinPointer(site.pointer, typeKey!), message: `${label(site)}: conflict_resolution_type "custom" needs a custom_conflict_resolver function; ${invalidOutcome(site)}` });
        continue;
      }
      if (hasSource(resolver) && type !== 'custom') {
        context.report({ pointer: joinPointer(site.pointer, resolverKey!), severity: 'warning', message: `${label(site)}: custom_conflict_resolver is ignored unless conflict_resolution_type is "custom"` });
      }
      if (direction === 'push' && typeof type === 'string' && type !== '' && type !== 'default') {
        context.report({ pointer: joinPointer(site.pointer, typeKey!), severity: 'warning', message: `${label(site)}: conflict_resolution_type is only used by pull and pushAndPull replications; a push replication ignores it` });
      }
    }
  },
};
