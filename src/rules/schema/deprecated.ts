import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'schema/deprecated',
  severity: 'warning',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A deprecated field: one with a replacement, or one due to be removed.',
  emittedBy: 'src/schema/normalize.ts',
};
