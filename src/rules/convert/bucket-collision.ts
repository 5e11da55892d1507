import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/bucket-collision',
  severity: 'error',
  kinds: ['legacy'],
  description: 'Two legacy databases on one bucket (the bucket defaults to the database name).',
  emittedBy: 'src/convert/legacy.ts',
};
