import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/dropped-field',
  severity: 'warning',
  kinds: ['legacy'],
  description: 'A legacy field that has no place in the bootstrap or database configs, named with the reason it is dropped.',
  emittedBy: 'src/convert/legacy.ts',
};
