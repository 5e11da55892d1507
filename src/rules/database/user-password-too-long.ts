import type { Rule } from '../types.js';
import { configUsers, databaseEntries, dbLabel } from '../../document/databases.js';
import { underTarget } from '../../releases/index.js';

/** bcrypt reads at most this many bytes of a password. */
const BCRYPT_MAX_BYTES = 72;

export const rule: Rule = {
  id: 'database/user-password-too-long',
  severity: 'error',
  kinds: ['legacy'],
  facts: ['user-password-over-72-bytes'],
  description: 'A config user\'s password longer than the 72 bytes bcrypt reads: later releases refuse it, earlier ones drop the rest.',
  check(context) {
    const verdict = context.judge('user-password-over-72-bytes');
    if (!verdict) return;
    for (const db of databaseEntries(context.kind, context.document)) {
      for (const user of configUsers(db)) {
        const { password } = user;
        if (typeof password?.value !== 'string' || Buffer.byteLength(password.value, 'utf8') <= BCRYPT_MAX_BYTES) continue;
        context.report({
          pointer: password.pointer,
          ...underTarget(verdict, `${dbLabel(db)}: user ${JSON.stringify(user.name)} has a password longer than bcrypt's ${BCRYPT_MAX_BYTES} bytes`,
            `The gateway stores a bcrypt hash of the password, and bcrypt reads at most ${BCRYPT_MAX_BYTES} bytes: where it is refused, the user is not created (a legacy config's database does not load; the automatic upgrade leaves it uncreated), and where it is not, any password that starts with the same ${BCRYPT_MAX_BYTES} bytes signs in. Use a password of at most ${BCRYPT_MAX_BYTES} bytes.`),
        });
      }
    }
  },
};
