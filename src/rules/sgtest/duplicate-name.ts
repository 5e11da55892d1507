import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'sgtest/duplicate-name',
  severity: 'warning',
  kinds: [],
  description: 'Two cases of one test file with the same name, which reports that tell cases apart by name (JUnit, CI test views) show as one.',
  emittedBy: 'src/sgtest/file.ts',
};
