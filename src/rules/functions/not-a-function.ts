// functions/not-a-function: emitted by src/functions/parse.ts; this module declares the id.
import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'functions/not-a-function',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'A function source is not exactly one function expression (the gateway evaluates it wrapped in parentheses and calls the result).',
  emittedBy: 'src/functions/parse.ts',
};
