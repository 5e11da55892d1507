import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'source/duplicate-key',
  severity: 'warning',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A key appears twice in one object (also in another letter case): the gateway silently uses the last one.',
  emittedBy: 'src/source/json.ts',
};
