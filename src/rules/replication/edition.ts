import type { Rule } from '../types.js';
import { joinPointer } from '../../types.js';
import { invalidOutcome, label, replicationSites } from './common.js';

export const rule: Rule = {
  id: 'replication/edition',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'Enterprise-only replication settings on Community Edition: conflict resolution type, delta sync, batch size.',
  check(context) {
    if (context.settings.edition !== 'ce') return;
    for (const site of replicationSites(context)) {
      const get = (name: string) => site.config[name];
      const at = (name: string) => joinPointer(site.pointer, name);
      const type = get('conflict_resolution_type');
      if (typeof type === 'string' && type !== '' && type !== 'default') {
        context.report({ pointer: at('conflict_resolution_type'), message: `${label(site)}: conflict_resolution_type "${type}" is Enterprise Edition only`, detail: `Community Edition allows only "default". ${invalidOutcome(site, context)}` });
      }
      if (get('enable_delta_sync') === true) {
        context.report({ pointer: at('enable_delta_sync'), message: `${label(site)}: enable_delta_sync is Enterprise Edition only`, detail: `Remove it on Community Edition. ${invalidOutcome(site, context)}` });
      }
      const batch = get('batch_size');
      if (typeof batch === 'number' && batch > 0 && batch !== 200) {
        context.report({ pointer: at('batch_size'), message: `${label(site)}: batch_size other than 200 is Enterprise Edition only`, detail: invalidOutcome(site, context) });
      }
    }
  },
};
