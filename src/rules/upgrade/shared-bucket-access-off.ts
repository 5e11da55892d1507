import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup } from '../../document/databases.js';
import { underTarget } from '../../releases/index.js';

export const rule: Rule = {
  id: 'upgrade/shared-bucket-access-off',
  // The severity follows the target (src/releases/behaviour.ts shared-bucket-access-off): 3.x loads such a
  // database with a deprecation warning, 4.0 and later refuse it.
  severity: 'error',
  kinds: ['legacy', 'database'],
  facts: ['shared-bucket-access-off'],
  description: 'A database without shared bucket access (explicit false, or a legacy database that does not set it): 3.x warns, 4.0 and later refuse to load it.',
  check(context) {
    const verdict = context.judge('shared-bucket-access-off');
    if (!verdict) return;
    for (const db of databaseEntries(context.kind, context.document)) {
      const sba = lookup(db.config, db.pointer, 'enable_shared_bucket_access');
      if (sba?.value === false) {
        context.report({ pointer: sba.pointer, ...underTarget(verdict, `${dbLabel(db)} sets enable_shared_bucket_access false: 4.0 and later refuse to load the database ("sync gateway requires enable_shared_bucket_access=true"). Set it to true (irreversible; see upgrade/shared-bucket-access-enabled).`) });
      } else if (sba === undefined && db.legacy) {
        context.report({ pointer: db.pointer, target: 'key', ...underTarget(verdict, `${dbLabel(db)} does not set enable_shared_bucket_access: the 2.x default is false and the 3.x automatic upgrade writes false, which 4.0 and later refuse to load. Set "enable_shared_bucket_access": true (irreversible).`) });
      }
    }
  },
};
