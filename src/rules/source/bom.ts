import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'source/bom',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'The file starts with a byte order mark, which the gateway JSON decoder rejects.',
  emittedBy: 'src/source/index.ts',
};
