import type { Rule } from '../types.js';
import { lookupPath } from '../database/configs.js';
import { formatMs, parseGoDuration } from './duration.js';

const DEFAULT_FREQUENCY_MS = 10_000;

export const rule: Rule = {
  id: 'bootstrap/config-polling',
  severity: 'error',
  kinds: ['bootstrap'],
  description: 'config_update_frequency of 0 or less (S14, 4.1+) or a node_heartbeat_expiry shorter than twice it (S15, 4.1+).',
  check(context) {
    const frequency = lookupPath(context.document, '', 'bootstrap', 'config_update_frequency');
    const expiry = lookupPath(context.document, '', 'bootstrap', 'node_heartbeat_expiry');
    const f = typeof frequency?.value === 'string' ? parseGoDuration(frequency.value) : undefined;
    if (frequency && f !== undefined && f <= 0) {
      context.report({ pointer: frequency.pointer, message: `config_update_frequency "${String(frequency.value)}": on 3.x a value of 0 turns config polling off (other nodes' changes are never picked up); 4.1 and later refuse to start with a value of 0 or less (S14). Use a positive duration such as "10s".` });
    }
    const e = typeof expiry?.value === 'string' ? parseGoDuration(expiry.value) : undefined;
    const effective = f !== undefined && f > 0 ? f : DEFAULT_FREQUENCY_MS;
    if (expiry && e !== undefined && e < 2 * effective) {
      context.report({ pointer: expiry.pointer, message: `node_heartbeat_expiry "${String(expiry.value)}" is shorter than twice config_update_frequency (${formatMs(effective)}${f === undefined ? ', the default' : ''}): a 4.1+ gateway refuses to start (S15). Use at least ${formatMs(2 * effective)}.` });
    }
  },
};
