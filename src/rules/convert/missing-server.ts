import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/missing-server',
  severity: 'error',
  kinds: ['legacy'],
  description: 'A legacy database without a server address.',
  emittedBy: 'src/convert/legacy.ts',
};
