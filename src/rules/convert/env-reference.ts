import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/env-reference',
  severity: 'info',
  kinds: ['legacy'],
  description: 'An environment reference kept in a number or boolean position (the gateway\'s dialect is written), or (warning) kept in a principals file that no endpoint expands.',
  emittedBy: 'src/convert/legacy.ts',
};
