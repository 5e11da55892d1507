import type { Rule } from '../types.js';
import { lookupPath } from '../../document/databases.js';
import { formatMs, parseGoDuration } from './duration.js';
import { underTarget } from '../../releases/index.js';

// rest/config_startup.go@4.1.1 persistentConfigDefaultUpdateFrequency; rest/cluster_compat.go@4.1.1 defaultNodeHeartbeatExpiry.
const DEFAULT_FREQUENCY_MS = 10_000;
const DEFAULT_HEARTBEAT_EXPIRY_MS = 60_000;

export const rule: Rule = {
  id: 'bootstrap/config-polling',
  // The severity follows the target: both checks arrived with 4.1's start-up validation.
  severity: 'error',
  kinds: ['bootstrap'],
  facts: ['config-update-frequency-not-positive', 'node-heartbeat-expiry-short'],
  description: 'config_update_frequency of 0 or less, or a node_heartbeat_expiry (default 60s) shorter than twice config_update_frequency.',
  check(context) {
    const frequency = lookupPath(context.document, '', 'bootstrap', 'config_update_frequency');
    const expiry = lookupPath(context.document, '', 'bootstrap', 'node_heartbeat_expiry');
    const f = typeof frequency?.value === 'string' ? parseGoDuration(frequency.value) : undefined;
    const notPositive = context.judge('config-update-frequency-not-positive');
    if (frequency && f !== undefined && f <= 0 && notPositive) {
      context.report({ pointer: frequency.pointer, ...underTarget(notPositive, `config_update_frequency "${String(frequency.value)}" is not a positive duration`,
        'Where it is accepted, a value of 0 turns config polling off: other nodes\' changes are never picked up. Use a positive duration such as "10s".') });
    }
    const shortExpiry = context.judge('node-heartbeat-expiry-short');
    if (!shortExpiry) return;
    const e = typeof expiry?.value === 'string' ? parseGoDuration(expiry.value) : expiry ? undefined : DEFAULT_HEARTBEAT_EXPIRY_MS;
    const effective = f !== undefined && f > 0 ? f : DEFAULT_FREQUENCY_MS;
    if (e === undefined || e >= 2 * effective) return;
    if (expiry) {
      context.report({ pointer: expiry.pointer, ...underTarget(shortExpiry, `node_heartbeat_expiry "${String(expiry.value)}" is shorter than twice config_update_frequency (${formatMs(effective)}${f === undefined ? ', the default' : ''})`,
        `Use at least ${formatMs(2 * effective)}.`) });
    } else if (frequency) {
      context.report({ pointer: frequency.pointer, ...underTarget(shortExpiry, `config_update_frequency "${String(frequency.value)}" is more than half of node_heartbeat_expiry's default of 60s`,
        `Set "node_heartbeat_expiry" to at least ${formatMs(2 * effective)}, or poll more often.`) });
    }
  },
};
