import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/overwritten-value',
  severity: 'info',
  kinds: ['legacy'],
  description: 'A value replaced by the conversion (root SlowQueryWarningThreshold over a database value, a name differing from its key, --group-id over config_upgrade_group_id, users.GUEST over guest, a negative MaxIncomingConnections).',
  emittedBy: 'src/convert/legacy.ts',
};
