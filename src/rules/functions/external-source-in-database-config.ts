// functions/external-source-in-database-config: emitted by src/functions/resolve.ts; this module declares the id.
import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'functions/external-source-in-database-config',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'A database config names a file or URL for a function: the REST API validates the text as JavaScript before resolving it.',
  emittedBy: 'src/functions/resolve.ts',
};
