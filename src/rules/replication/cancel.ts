import type { Rule } from '../types.js';
import { lookup } from '../../document/databases.js';
import { fieldKnownTo } from '../../schema/release-fields.js';
import { checkedAtStart, invalidOutcome, label, replicationSites } from './common.js';

export const rule: Rule = {
  id: 'replication/cancel',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'A config-defined replication with cancel true: refused where the gateway checks a config\'s replications as it starts, ignored elsewhere.',
  check(context) {
    for (const site of replicationSites(context)) {
      const cancel = lookup(site.config, site.pointer, 'cancel');
      // The releases that no longer know the field say so through schema/unknown-field.
      if (cancel?.value !== true || !fieldKnownTo(context.kind, cancel.pointer, context.target)) continue;
      if (checkedAtStart(site, context)) {
        context.report({ pointer: cancel.pointer, message: `${label(site)} sets cancel, which a config cannot`, detail: `A replication's cancel is for the _replication endpoint only ("cancel=true is invalid for replication in Sync Gateway configuration"), which reads nothing else from it. Remove "cancel". ${invalidOutcome(site, context)}` });
      } else {
        context.report({ pointer: cancel.pointer, severity: 'warning', message: `${label(site)}: cancel is ignored in a config`, detail: 'The gateway stores the replication and runs it; nothing reads cancel there. Remove it; a replication is stopped through _replicationStatus, or created stopped with "initial_state": "stopped".' });
      }
    }
  },
};
