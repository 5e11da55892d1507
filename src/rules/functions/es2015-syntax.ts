// functions/es2015-syntax: emitted by src/functions/parse.ts; this module declares the id.
import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'functions/es2015-syntax',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'A function uses ES2015+ syntax (let, const, arrow functions, template literals, classes, spread ...) that the gateway\'s ES5.1 engine (otto) cannot compile.',
  emittedBy: 'src/functions/parse.ts',
};
