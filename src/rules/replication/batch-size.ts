import type { Rule } from '../types.js';
import { lookup } from '../../document/databases.js';
import { label, replicationSites } from './common.js';

export const rule: Rule = {
  id: 'replication/batch-size',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  description: 'A replication batch_size above 65535, which the gateway stores as a 16-bit number (it wraps around).',
  check(context) {
    for (const site of replicationSites(context)) {
      const batch = lookup(site.config, site.pointer, 'batch_size');
      if (batch && typeof batch.value === 'number' && batch.value > 65535) {
        context.report({ pointer: batch.pointer, message: `${label(site)}: batch_size ${batch.value} is above 65535 and silently wraps to ${batch.value % 65536}`, detail: 'Use at most 65535.' });
      }
    }
  },
};
