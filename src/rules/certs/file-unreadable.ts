import * as path from 'node:path';
import type { Rule } from '../types.js';
import { roleWords } from '../../certs/words.js';

export const rule: Rule = {
  id: 'certs/file-unreadable',
  severity: 'error',
  kinds: ['legacy', 'bootstrap'],
  description: 'A certificate or key file named in the config does not exist or cannot be read (a path missing here is on the gateway host: an info unless --host).',
  check(context) {
    for (const facts of context.certificates) {
      if (facts.readable) continue;
      // Only the gateway host has the file, and a relative path resolves against the gateway's working
      // directory, which no other machine has: without --host, missing is "not checked here".
      if (facts.outside) {
        context.report({
          pointer: facts.pointer,
          severity: 'info',
          message: `${roleWords(facts.role)} "${facts.path}" is outside the repository, so it was not read`,
          detail: 'A config in a pull request could name any file of the machine that runs sgconf (docs/security.md). On the gateway host, lint with --host; or list the path with --allow-path or allowPaths in the tool config.',
        });
        continue;
      }
      if (facts.missing && !context.settings.host) {
        const where = path.isAbsolute(facts.path) ? 'It names a file on the gateway host.' : 'The path is relative to the gateway\'s working directory, on the gateway host.';
        context.report({
          pointer: facts.pointer,
          severity: 'info',
          message: `${roleWords(facts.role)} "${facts.path}" is not on this machine, so it was not checked`,
          detail: `${where} Lint on the gateway host with --host to check it.`,
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
