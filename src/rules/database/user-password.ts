import type { Rule } from '../types.js';
import { configUsers, databaseEntries, dbLabel, lookup } from '../../document/databases.js';

/** Why a refused password matters, for every finding of this rule. */
const REFUSED = 'The gateway checks a config user\'s password when it creates or updates the user at the database\'s start (IsPasswordValid, in db/users.go and later auth/principal.go, the same check in every release): a refused one stops a legacy config\'s database from loading, or, in the automatic upgrade, leaves this user and the users installed after it uncreated; PUT /{db}/_user/{name} answers 400.';

export const rule: Rule = {
  id: 'database/user-password',
  severity: 'error',
  kinds: ['legacy'],
  description: 'A config user whose password the gateway refuses: empty without allow_empty_password, or shorter than 3 bytes; or none at all, which only an existing user may have.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      const emptyAllowed = lookup(db.config, db.pointer, 'allow_empty_password')?.value === true;
      for (const user of configUsers(db)) {
        const { password } = user;
        const label = `${dbLabel(db)}: user ${JSON.stringify(user.name)}`;
        if (password === undefined) {
          if (emptyAllowed) continue;
          context.report({
            pointer: user.pointer, target: 'key', severity: 'warning',
            message: `${label} has no password, so a new database refuses to create it`,
            detail: `${REFUSED} A user without "password" passes only where it already exists (its password is kept); on a new bucket it is refused as an empty password. Give it a password, or set "allow_empty_password": true if it signs in another way.`,
          });
        } else if (password.value === '') {
          if (emptyAllowed) continue;
          context.report({
            pointer: password.pointer,
            message: `${label} has an empty password, which the gateway refuses`,
            detail: `${REFUSED} Give it a password of at least 3 bytes, or set "allow_empty_password": true.`,
          });
        } else if (typeof password.value === 'string' && Buffer.byteLength(password.value, 'utf8') < 3) {
          context.report({
            pointer: password.pointer,
            message: `${label} has a password shorter than 3 bytes, which the gateway refuses`,
            detail: `${REFUSED} Give it a password of at least 3 bytes.`,
          });
        }
      }
    }
  },
};
