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
        context.report({ pointer: site.pointer, target: 'key', message: `${label(site)} has no max_backoff_time: a config-defined replication then gets 0 (not the REST default 5) and silently gives up after about ten minutes of failed reconnects; set for example "max_backoff_time": 5 to retry forever` });
      } else if (backoff.value === 0) {
        context.report({ pointer: backoff.pointer, message: `${label(site)}: max_backoff_time 0 makes the replication give up after about ten minutes of failed reconnects; a non-zero value retries forever with backoff capped at that many minutes` });
      }
    }
  },
};
