import type { Rule } from '../types.js';
import { lookup } from '../../document/databases.js';
import { label, replicationSites } from './common.js';

export const rule: Rule = {
  id: 'replication/initial-state',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  description: 'A replication initial_state other than "running" or "stopped", which the gateway silently treats as running.',
  check(context) {
    for (const site of replicationSites(context)) {
      const state = lookup(site.config, site.pointer, 'initial_state');
      if (state && typeof state.value === 'string' && state.value !== 'running' && state.value !== 'stopped') {
        context.report({ pointer: state.pointer, message: `${label(site)}: initial_state "${state.value}" is neither "running" nor "stopped"`, detail: 'The gateway does not check the value and starts the replication running.' });
      }
    }
  },
};
