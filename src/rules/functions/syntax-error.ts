// functions/syntax-error: emitted by src/functions/parse.ts; this module declares the id.
import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'functions/syntax-error',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'A function source does not parse as ES5.1 JavaScript, so the gateway cannot compile it.',
  emittedBy: 'src/functions/parse.ts',
};
