import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'source/internal-error',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'sgconf failed on this file (a bug): the file is reported and the run goes on with the next one.',
  emittedBy: 'src/lint.ts',
};
