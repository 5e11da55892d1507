import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'schema/kind-unknown-to-target',
  severity: 'error',
  kinds: ['bootstrap', 'database'],
  description: 'A startup or database config judged for a release that reads legacy configs only.',
  emittedBy: 'src/schema/release-fields.ts',
};
