// functions/too-deep: emitted by src/functions/parse.ts; this module declares the id.
import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'functions/too-deep',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'A function whose brackets nest more than 200 levels deep: sgconf does not parse it.',
  emittedBy: 'src/functions/parse.ts',
};
