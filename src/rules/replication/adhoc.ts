import type { Rule } from '../types.js';
import { lookup } from '../../document/databases.js';
import { checkedAtStart, invalidOutcome, label, replicationSites } from './common.js';

export const rule: Rule = {
  id: 'replication/adhoc',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'A config-defined replication with adhoc true: refused where the gateway checks a config\'s replications as it starts, elsewhere deleted when stopped and added again by the config.',
  check(context) {
    for (const site of replicationSites(context)) {
      const adhoc = lookup(site.config, site.pointer, 'adhoc');
      if (adhoc?.value !== true) continue;
      if (checkedAtStart(site, context)) {
        context.report({ pointer: adhoc.pointer, message: `${label(site)} is adhoc, which a config cannot define`, detail: `Adhoc replications exist only through the _replication endpoint. Remove "adhoc" or create it through POST /{db}/_replication/. ${invalidOutcome(site, context)}` });
      } else if (lookup(site.config, site.pointer, 'initial_state')?.value === 'stopped') {
        // The check every start runs: an adhoc replication cannot start stopped.
        context.report({ pointer: adhoc.pointer, message: `${label(site)} is adhoc with initial_state "stopped", which never starts`, detail: `Remove "adhoc". ${invalidOutcome(site, context)}` });
      } else {
        context.report({
          pointer: adhoc.pointer, severity: 'warning',
          message: `${label(site)} is adhoc: stopping it deletes it, and the config adds it again at the next start`,
          detail: 'The gateway runs it like any other: adhoc only makes a stop through _replicationStatus delete the replication, and the config then adds it as a new one whenever the database loads. Remove "adhoc", or create a replication meant to go away through POST /{db}/_replication/.',
        });
      }
    }
  },
};
