import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/unreadable',
  severity: 'error',
  kinds: ['legacy'],
  description: 'A legacy config that the converter cannot read or parse, or whose databases are not objects.',
  emittedBy: 'src/convert/run.ts',
};
