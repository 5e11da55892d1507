import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup } from '../database/configs.js';

export const rule: Rule = {
  id: 'upgrade/shared-bucket-access-off',
  // A warning, not an error: every 3.x gateway loads such a database; only 4.0+ refuses it.
  severity: 'warning',
  kinds: ['legacy', 'database'],
  description: 'A database without shared bucket access (explicit false, or a legacy database that does not set it), which 4.0+ refuses to load.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      const sba = lookup(db.config, db.pointer, 'enable_shared_bucket_access');
      if (sba?.value === false) {
        context.report({ pointer: sba.pointer, message: `${dbLabel(db)} sets enable_shared_bucket_access false: 3.x loads it, but 4.0 and later refuse to load the database ("requires shared bucket access"). Set it to true before moving to 4.x (irreversible; see upgrade/shared-bucket-access-enabled).` });
      } else if (sba === undefined && db.legacy) {
        context.report({ pointer: db.pointer, target: 'key', message: `${dbLabel(db)} does not set enable_shared_bucket_access: the 3.x upgrade of a legacy database writes false (the 2.x default), which 3.x loads but 4.0 and later refuse to load. Set "enable_shared_bucket_access": true (irreversible) before moving to 4.x.` });
      }
    }
  },
};
