import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/principal-name',
  severity: 'error',
  kinds: ['legacy'],
  description: 'A legacy user or role whose name the gateway converted for refuses (no letter or digit, such as "..", or a "/", ":", "," or "`"): it cannot be created.',
  emittedBy: 'src/convert/database.ts',
};
