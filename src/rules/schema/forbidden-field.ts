import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'schema/forbidden-field',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A field that a persisted database config must not have, such as server, username or users.',
  emittedBy: 'src/schema/validate.ts',
};
