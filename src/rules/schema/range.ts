import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'schema/range',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A number or length outside the limits the gateway enforces.',
  emittedBy: 'src/schema/validate.ts',
};
