import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'schema/enum',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A value outside the set the gateway accepts (compared exactly).',
  emittedBy: 'src/schema/validate.ts',
};
