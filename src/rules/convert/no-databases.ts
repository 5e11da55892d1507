import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/no-databases',
  severity: 'error',
  kinds: ['legacy'],
  description: 'A legacy config without any database: there is no server address for the bootstrap config.',
  emittedBy: 'src/convert/legacy.ts',
};
