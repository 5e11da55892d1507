import * as path from 'node:path';
import type { Rule } from '../types.js';
import { roleWords } from '../../certs/words.js';

export const rule: Rule = {
  id: 'certs/file-unreadable',
  severity: 'error',
  kinds: ['legacy', 'bootstrap'],
  description: 'A certificate or key file named in the config does not exist or cannot be read (an absolute path missing here is on the gateway host: an info unless --host).',
  check(context) {
    for (const facts of context.certificates) {
      if (facts.readable) continue;
      // path.isAbsolute is pure: it reads nothing of this machine.
      if (facts.missing && path.isAbsolute(facts.path) && !context.settings.host) {
        context.report({
          pointer: facts.pointer,
          severity: 'info',
          message: `${roleWords(facts.role)} "${facts.path}" is not on this machine, so it was not checked here: it names a file on the gateway host. Lint on the gateway host with --host to check it.`,
        });
        continue;
      }
      context.report({
        pointer: facts.pointer,
        message: `${roleWords(facts.role)} "${facts.path}" cannot be used: ${facts.error ?? 'the file cannot be read'}`,
      });
    }
  },
};
