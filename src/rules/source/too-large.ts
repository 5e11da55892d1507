import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'source/too-large',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A config file larger than 64 MiB: sgconf does not read it.',
  emittedBy: 'src/files.ts',
};
