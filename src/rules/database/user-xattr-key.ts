import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup, nonEmptyString, sharedBucketAccess, validated } from '../../document/databases.js';
import { underTarget } from '../../releases/index.js';

/** The most the validation takes, counted as Go's len() counts: UTF-8 bytes. */
const MAX_BYTES = 15;

export const rule: Rule = {
  id: 'database/user-xattr-key',
  severity: 'error',
  kinds: ['legacy', 'database'],
  facts: ['user-xattr-key-long'],
  description: 'user_xattr_key on Community Edition or without shared bucket access, which stops the database from loading, or longer than later releases take.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      const found = lookup(db.config, db.pointer, 'user_xattr_key');
      if (!found || !nonEmptyString(found.value)) continue;
      const bytes = Buffer.byteLength(found.value, 'utf8');
      const tooLong = bytes > MAX_BYTES ? context.judge('user-xattr-key-long') : null;
      if (tooLong) {
        context.report(validated(db, context, {
          pointer: found.pointer,
          ...underTarget(tooLong, `${dbLabel(db)}: user_xattr_key is ${bytes} bytes long, more than ${MAX_BYTES}`, `The validation counts bytes (UTF-8). Use a name of at most ${MAX_BYTES}, and copy the attribute to it on the documents that carry it.`),
        }));
      }
      if (context.settings.edition === 'ce') {
        context.report({ pointer: found.pointer, message: `${dbLabel(db)}: user_xattr_key is Enterprise Edition only: on Community Edition the database does not load` });
      } else if (!sharedBucketAccess(db)) {
        context.report({ pointer: found.pointer, message: `${dbLabel(db)}: user_xattr_key needs shared bucket access, which is off: the database does not load` });
      }
    }
  },
};
