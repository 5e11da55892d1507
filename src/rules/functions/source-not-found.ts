// functions/source-not-found: emitted by src/functions/resolve.ts; this module declares the id.
import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'functions/source-not-found',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'A function value looks like a file path or URL but names no file the gateway can read, so the gateway would compile the text itself as JavaScript.',
  emittedBy: 'src/functions/resolve.ts',
};
