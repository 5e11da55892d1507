import type { Rule } from '../types.js';
import { roleWords } from '../../certs/words.js';

export const rule: Rule = {
  id: 'certs/file-unreadable',
  severity: 'error',
  kinds: ['legacy', 'bootstrap'],
  description: 'A certificate or key file named in the config does not exist or cannot be read.',
  check(context) {
    for (const facts of context.certificates) {
      if (facts.readable) continue;
      context.report({
        pointer: facts.pointer,
        message: `${roleWords(facts.role)} "${facts.path}" cannot be used: ${facts.error ?? 'the file cannot be read'}`,
      });
    }
  },
};
