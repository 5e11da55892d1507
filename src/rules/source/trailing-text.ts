import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'source/trailing-text',
  severity: 'warning',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'Text after the end of the JSON value, which the gateway silently ignores.',
  emittedBy: 'src/source/json.ts',
};
