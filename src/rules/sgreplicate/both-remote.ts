import type { Rule } from '../types.js';
import { lookup } from '../../document/databases.js';
import { describe, isBareName, rootReplications } from './common.js';

export const rule: Rule = {
  id: 'sgreplicate/both-remote',
  severity: 'warning',
  kinds: ['legacy'],
  description: 'A first-generation replication whose source and target are both remote, which cannot become an inter-gateway replication of this node.',
  check(context) {
    for (const r of rootReplications(context.document)?.items ?? []) {
      const source = lookup(r.config, r.pointer, 'source');
      const target = lookup(r.config, r.pointer, 'target');
      if (!source || !target || typeof source.value !== 'string' || typeof target.value !== 'string') continue;
      if (isBareName(source.value) || isBareName(target.value)) continue;
      context.report({
        pointer: r.pointer,
        message: `${describe(r)} replicates between two other servers, so it cannot move to this node`,
        detail: 'Neither its source nor its target is a bare database name. Inter-gateway replication always runs from a local database, so it cannot be migrated here and its checkpoint cannot be re-used (the gateway skips it with a warning); define it as a push or pull replication on the gateway of one of the two ends.',
      });
    }
  },
};
