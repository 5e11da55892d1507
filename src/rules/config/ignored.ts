import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'config/ignored',
  severity: 'info',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A file named on the command line that an ignore pattern of the tool config matches: it is not checked.',
  emittedBy: 'src/files.ts',
};
