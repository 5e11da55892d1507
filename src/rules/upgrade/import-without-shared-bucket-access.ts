import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, importDocsSetting, lookup, sharedBucketAccess, validated } from '../../document/databases.js';

export const rule: Rule = {
  id: 'upgrade/import-without-shared-bucket-access',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'import_docs enabled while shared bucket access is off (explicitly, or by the legacy default), which the gateway rejects.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      if (importDocsSetting(db) !== true || sharedBucketAccess(db)) continue;
      // One cause, one error: where the target refuses the database for having shared bucket access off at
      // all, upgrade/shared-bucket-access-off reports it and names import as well.
      if (context.judge('shared-bucket-access-off')?.severity === 'error' && (db.legacy || lookup(db.config, db.pointer, 'enable_shared_bucket_access')?.value === false)) continue;
      const importDocs = lookup(db.config, db.pointer, 'import_docs')!;
      const why = lookup(db.config, db.pointer, 'enable_shared_bucket_access') ? 'enable_shared_bucket_access is false' : 'enable_shared_bucket_access is not set, and a legacy database defaults to false';
      context.report(validated(db, context, { pointer: importDocs.pointer, message: `${dbLabel(db)} enables import_docs but ${why}`, detail: 'Import needs shared bucket access, so the gateway refuses the database. Set "enable_shared_bucket_access": true (irreversible) or remove import_docs.' }));
    }
  },
};
