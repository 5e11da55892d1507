import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'source/unreadable',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'The file cannot be read: missing, a directory, no permission, binary or not UTF-8.',
  emittedBy: 'src/lint.ts',
};
