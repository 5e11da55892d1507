import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'source/too-deep',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A JSON or YAML document nested more than 512 levels deep: sgconf stops reading it there.',
  emittedBy: 'src/source/json.ts',
};
