import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/not-legacy',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A config given to convert that is already a bootstrap or database config.',
  emittedBy: 'src/convert/run.ts',
};
