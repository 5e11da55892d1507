import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/credentials',
  severity: 'info',
  kinds: ['legacy'],
  description: 'Where each database\'s bucket credentials went: the bootstrap identity, database_credentials, or (warning) a CA path that a bootstrap config cannot keep per database.',
  emittedBy: 'src/convert/legacy.ts',
};
