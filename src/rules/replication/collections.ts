import type { Rule } from '../types.js';
import { lookup } from '../../document/databases.js';
import { label, replicationSites } from './common.js';

export const rule: Rule = {
  id: 'replication/collections',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'collections_remote whose length differs from collections_local, or collection lists without collections_enabled.',
  check(context) {
    for (const site of replicationSites(context)) {
      const local = lookup(site.config, site.pointer, 'collections_local');
      const remote = lookup(site.config, site.pointer, 'collections_remote');
      const enabled = lookup(site.config, site.pointer, 'collections_enabled')?.value === true;
      const localLength = Array.isArray(local?.value) ? local!.value.length : 0;
      if (remote && Array.isArray(remote.value) && remote.value.length > 0 && remote.value.length !== localLength) {
        context.report({ pointer: remote.pointer, message: `${label(site)}: collections_remote has ${remote.value.length} entries but collections_local has ${localLength}`, detail: 'They must pair up one to one (use null to keep a local name). The replication fails when it starts and never runs.' });
      }
      if (!enabled && (localLength > 0 || (remote && Array.isArray(remote.value) && remote.value.length > 0))) {
        context.report({ pointer: (local ?? remote)!.pointer, severity: 'warning', message: `${label(site)}: collections_local/collections_remote are ignored without "collections_enabled": true`, detail: 'Only the default collection replicates.' });
      }
    }
  },
};
