import type { Rule } from '../types.js';
import { lookup } from '../../document/databases.js';
import { label, replicationSites } from './common.js';

export const rule: Rule = {
  id: 'replication/purge-on-removal',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  description: 'purge_on_removal on a push replication (ignored), or on a pull replication (documents are purged locally).',
  check(context) {
    for (const site of replicationSites(context)) {
      const purge = lookup(site.config, site.pointer, 'purge_on_removal');
      if (purge?.value !== true) continue;
      const direction = lookup(site.config, site.pointer, 'direction')?.value;
      if (direction === 'push') {
        context.report({ pointer: purge.pointer, message: `${label(site)}: purge_on_removal only acts on pulled revisions; a push replication ignores it` });
      } else {
        context.report({ pointer: purge.pointer, severity: 'info', message: `${label(site)}: with purge_on_removal, a pulled revision that removes this node's access to a document purges the local copy (it is not kept as a tombstone)` });
      }
    }
  },
};
