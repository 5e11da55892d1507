// source/unwritable: emitted by src/cli/fix-files.ts; this module declares the id.
import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'source/unwritable',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: '`lint --fix` could not write its fixes to the file (no permission, a read-only file system, a link to a file outside the repository); the file is unchanged.',
  emittedBy: 'src/cli/fix-files.ts',
};
