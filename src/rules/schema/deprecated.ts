import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'schema/deprecated',
  severity: 'warning',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A deprecated field that still works but has a replacement.',
  emittedBy: 'src/schema/normalize.ts',
};
