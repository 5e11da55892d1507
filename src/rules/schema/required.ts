import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'schema/required',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A key the gateway requires is missing.',
  emittedBy: 'src/schema/validate.ts',
};
