import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/replication-id',
  severity: 'error',
  kinds: ['legacy'],
  description: 'A database replication whose replication_id differs from its key (error), or has none (info: the key is written as its id).',
  emittedBy: 'src/convert/legacy.ts',
};
