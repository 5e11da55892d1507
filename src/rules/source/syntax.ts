import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'source/syntax',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'The file is not valid JSON (or YAML): the gateway cannot read it.',
  emittedBy: 'src/source/json.ts',
};
