import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'sgtest/config-unusable',
  severity: 'error',
  kinds: [],
  description: 'The config a test file names cannot be run: it is missing, the target refuses it, or it has no such database or collection.',
  emittedBy: 'src/sgtest/run.ts',
};
