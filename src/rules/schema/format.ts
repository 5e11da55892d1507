import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'schema/format',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A string that does not have the required form, such as a Go duration.',
  emittedBy: 'src/schema/validate.ts',
};
