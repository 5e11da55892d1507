import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup, nonEmptyString, sharedBucketAccess } from '../../document/databases.js';

export const rule: Rule = {
  id: 'database/user-xattr-key',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'user_xattr_key on Community Edition or without shared bucket access, which stops the database from loading.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      const found = lookup(db.config, db.pointer, 'user_xattr_key');
      if (!found || !nonEmptyString(found.value)) continue;
      if (context.settings.edition === 'ce') {
        context.report({ pointer: found.pointer, message: `${dbLabel(db)}: user_xattr_key is Enterprise Edition only: on Community Edition the database does not load` });
      } else if (!sharedBucketAccess(db)) {
        context.report({ pointer: found.pointer, message: `${dbLabel(db)}: user_xattr_key needs shared bucket access, which is off: the database does not load` });
      }
    }
  },
};
