import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'sgtest/asserts-nothing',
  severity: 'warning',
  kinds: [],
  description: 'An expectation of a test file that no result can fail: {includes: []}, a part naming nobody, "authorization: {}", "logs: []", "exception: \"\"".',
  emittedBy: 'src/sgtest/file.ts',
};
