import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'source/unknown-kind',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'The file is not recognisably a legacy, bootstrap or database config.',
  emittedBy: 'src/kinds/index.ts',
};
