import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/decision-needed',
  severity: 'error',
  kinds: ['legacy'],
  description: 'A choice only the config\'s owner can make, which the conversion needs before it writes anything.',
  emittedBy: 'src/convert/legacy.ts',
};
