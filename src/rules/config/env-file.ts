import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'config/env-file',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A line of an env file (--env-file, tool config envFiles) that is not NAME=value.',
  emittedBy: 'src/cli/tool-options.ts',
};
