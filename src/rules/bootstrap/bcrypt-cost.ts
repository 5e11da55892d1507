import type { Rule } from '../types.js';
import { lookup, lookupPath } from '../../document/databases.js';

export const rule: Rule = {
  id: 'bootstrap/bcrypt-cost',
  severity: 'error',
  kinds: ['bootstrap', 'legacy'],
  description: 'A bcrypt_cost other than 0 (the default 10) or 10-31.',
  check(context) {
    const found = context.kind === 'bootstrap' ? lookupPath(context.document, '', 'auth', 'bcrypt_cost') : lookup(context.document, '', 'bcrypt_cost');
    if (!found || typeof found.value !== 'number') return;
    const v = found.value;
    if (v > 0 && (v < 10 || v > 31)) {
      context.report({ pointer: found.pointer, message: `bcrypt_cost ${v} is outside 10-31: the gateway refuses to start`, detail: 'Use 0 for the default (10) or a value from 10 to 31.' });
    }
  },
};
