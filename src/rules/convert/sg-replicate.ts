import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/sg-replicate',
  severity: 'error',
  kinds: ['legacy'],
  description: 'Root-level first-generation replications (sg-replicate 1).',
  emittedBy: 'src/convert/legacy.ts',
};
