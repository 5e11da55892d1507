import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/decision-unused',
  severity: 'warning',
  kinds: ['legacy'],
  description: 'A choice given with --decide or --decisions for a decision this conversion does not ask.',
  emittedBy: 'src/convert/legacy.ts',
};
