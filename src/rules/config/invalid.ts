import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'config/invalid',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'The sgconf tool config has an unknown key, an unknown rule id or a bad setting.',
  emittedBy: 'src/config/index.ts',
};
