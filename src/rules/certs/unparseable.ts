import type { Rule } from '../types.js';
import { roleWords } from '../../certs/words.js';

export const rule: Rule = {
  id: 'certs/unparseable',
  severity: 'error',
  kinds: ['legacy', 'bootstrap'],
  description: 'A certificate or key file named in the config holds no usable PEM certificate or private key.',
  check(context) {
    for (const facts of context.certificates) {
      if (!facts.readable || facts.error === undefined) continue;
      // The reader's words: what is wrong, then (after "; ") how to fix it.
      const [what, ...fix] = facts.error.split('; ');
      const detail = fix.join('; ');
      context.report({ pointer: facts.pointer, message: `${roleWords(facts.role)} "${facts.path}" is not usable: ${what}`, ...(detail ? { detail: `${detail.charAt(0).toUpperCase()}${detail.slice(1)}.` } : {}) });
    }
  },
};
