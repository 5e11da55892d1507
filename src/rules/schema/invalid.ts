import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'schema/invalid',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'Any other schema violation.',
  emittedBy: 'src/schema/validate.ts',
};
