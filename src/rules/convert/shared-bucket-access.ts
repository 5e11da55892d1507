import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/shared-bucket-access',
  severity: 'info',
  kinds: ['legacy'],
  description: 'A database that did not set enable_shared_bucket_access, written with false as the gateway\'s own upgrade does.',
  emittedBy: 'src/convert/legacy.ts',
};
