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
        context.report({ pointer: purge.pointer, message: `${label(site)}: a push replication ignores purge_on_removal`, detail: 'It only acts on pulled revisions.' });
      } else {
        context.report({ pointer: purge.pointer, severity: 'info', message: `${label(site)}: purge_on_removal purges local copies when a pull removes access`, detail: 'The local copy is not kept as a tombstone.' });
      }
    }
  },
};
