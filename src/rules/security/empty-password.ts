import type { Rule } from '../types.js';
import { configUsers, databaseEntries, dbLabel, lookup } from '../../document/databases.js';
import { fieldKnownTo } from '../../schema/release-fields.js';

export const rule: Rule = {
  id: 'security/empty-password',
  severity: 'warning',
  kinds: ['legacy'],
  description: 'A config user without a password where allow_empty_password is on: anyone signs in as it with an empty password.',
  check(context) {
    const { kind, document, target } = context;
    for (const db of databaseEntries(kind, document)) {
      if (lookup(db.config, db.pointer, 'allow_empty_password')?.value !== true) continue;
      const noPasswords = lookup(db.config, db.pointer, 'disable_password_auth');
      if (noPasswords?.value === true && fieldKnownTo(kind, noPasswords.pointer, target)) continue;
      const detail = 'A user without a password hash is signed in by Basic authentication with its name and an empty password (auth/user.go AuthenticateWithReason: no hash and an empty password is a match), unless the database sets "disable_password_auth": true. Give the user a password, or turn password sign-in off if its users sign in another way.';
      for (const user of configUsers(db)) {
        const { password } = user;
        const label = `${dbLabel(db)}: user ${JSON.stringify(user.name)}`;
        if (password === undefined) {
          context.report({ pointer: user.pointer, target: 'key', message: `${label} has no password, so once created it signs in with an empty one`, detail });
        } else if (password.value === '') {
          context.report({ pointer: password.pointer, message: `${label} signs in with an empty password`, detail });
        }
      }
    }
  },
};
