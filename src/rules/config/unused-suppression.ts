import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'config/unused-suppression',
  severity: 'warning',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A suppression of the tool config that matches files of the run but suppressed nothing in them.',
  emittedBy: 'src/config/suppressions.ts',
};
