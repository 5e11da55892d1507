import type { Rule } from '../types.js';
import { lookup } from '../../document/databases.js';
import { invalidOutcome, label, replicationSites } from './common.js';

export const rule: Rule = {
  id: 'replication/adhoc',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'A config-defined replication with adhoc true, which only the _replication REST endpoint accepts.',
  check(context) {
    for (const site of replicationSites(context)) {
      const adhoc = lookup(site.config, site.pointer, 'adhoc');
      if (adhoc?.value === true) {
        context.report({ pointer: adhoc.pointer, message: `${label(site)} is adhoc, which a config cannot define`, detail: `Adhoc replications are removed when they stop. Remove "adhoc" or create it through POST /{db}/_replication/. ${invalidOutcome(site)}` });
      }
    }
  },
};
