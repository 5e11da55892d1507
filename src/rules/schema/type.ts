import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'schema/type',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A value of the wrong JSON type (quoted numbers, numbers for durations, objects for arrays, null map entries).',
  emittedBy: 'src/schema/validate.ts',
};
