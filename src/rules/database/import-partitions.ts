import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, importEnabled, lookup, sharedBucketAccess, validated } from '../../document/databases.js';

export const rule: Rule = {
  id: 'database/import-partitions',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'import_partitions on a database without shared bucket access or without import (EE).',
  check(context) {
    if (context.settings.edition === 'ce') return; // CE ignores it with a warning (database/edition)
    for (const db of databaseEntries(context.kind, context.document)) {
      const found = lookup(db.config, db.pointer, 'import_partitions');
      if (!found) continue;
      if (!sharedBucketAccess(db)) {
        context.report(validated(db, context, { pointer: found.pointer, message: `${dbLabel(db)}: import_partitions needs shared bucket access, which is off`, detail: 'The gateway rejects the database. Remove it or enable shared bucket access.' }));
      } else if (!importEnabled(db, context.settings.edition)) {
        context.report(validated(db, context, { pointer: found.pointer, message: `${dbLabel(db)}: import_partitions is set but import is disabled (import_docs false)`, detail: 'The gateway rejects the database. Remove it or enable import.' }));
      }
    }
  },
};
