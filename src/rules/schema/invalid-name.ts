import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'schema/invalid-name',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A database name the gateway rejects (lower-case letter first, then a-z 0-9 - _ $ ( ) + /).',
  emittedBy: 'src/schema/validate.ts',
};
