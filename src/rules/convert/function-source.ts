import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/function-source',
  severity: 'error',
  kinds: ['legacy'],
  description: 'A sync function, import filter, conflict resolver or webhook filter given as a file path or URL: inlined (info), or unreadable (error).',
  emittedBy: 'src/convert/legacy.ts',
};
