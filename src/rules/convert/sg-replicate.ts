import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/sg-replicate',
  severity: 'info',
  kinds: ['legacy'],
  description: 'A root-level first-generation replication (sg-replicate 1) carried into its database as an Inter-Sync Gateway Replication.',
  emittedBy: 'src/convert/sg-replicate.ts',
};
