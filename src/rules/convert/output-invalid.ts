import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/output-invalid',
  severity: 'error',
  kinds: ['legacy'],
  description: 'A converted output that would not pass lint (a converter defect: nothing is written).',
  emittedBy: 'src/convert/run.ts',
};
