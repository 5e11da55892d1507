import type { Rule } from '../types.js';
import { lookup } from '../../document/databases.js';
import { label, replicationSites } from './common.js';

export const rule: Rule = {
  id: 'replication/max-backoff-time',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  description: 'A config-defined replication without max_backoff_time (or with 0), which silently gives up after about ten minutes of failed reconnects.',
  check(context) {
    for (const site of replicationSites(context)) {
      const backoff = lookup(site.config, site.pointer, 'max_backoff_time');
      if (backoff === undefined) {
        context.report({ pointer: site.pointer, target: 'key', message: `${label(site)} gives up after 10 minutes of failed reconnects (no max_backoff_time)`, detail: 'A config-defined replication gets 0 (not the REST default 5). Set for example "max_backoff_time": 5 to retry forever.' });
      } else if (backoff.value === 0) {
        context.report({ pointer: backoff.pointer, message: `${label(site)}: max_backoff_time 0 gives up after about ten minutes of failed reconnects`, detail: 'A non-zero value retries forever, with the backoff capped at that many minutes.' });
      }
    }
  },
};
