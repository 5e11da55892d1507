import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/server-mismatch',
  severity: 'error',
  kinds: ['legacy'],
  description: 'Legacy databases whose server addresses differ after the address upgrade.',
  emittedBy: 'src/convert/legacy.ts',
};
