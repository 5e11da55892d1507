import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'sgtest/invalid-file',
  severity: 'error',
  kinds: [],
  description: 'A test file (*.sgtest.json|yaml|yml) that cannot be read, or a key or value in it that sgconf test does not understand.',
  emittedBy: 'src/sgtest/file.ts',
};
