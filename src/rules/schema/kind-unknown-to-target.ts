import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'schema/kind-unknown-to-target',
  severity: 'error',
  kinds: ['bootstrap', 'database'],
  description: 'A 3.x startup or database config judged for 2.8, which reads legacy configs only.',
  emittedBy: 'src/schema/release-fields.ts',
};
