import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'schema/unknown-field',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A key the gateway does not know at that place (it refuses the config); suggests the closest known key.',
  emittedBy: 'src/schema/validate.ts',
};
