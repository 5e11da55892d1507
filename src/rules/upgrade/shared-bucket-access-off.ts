import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, importDocsSetting, lookup } from '../../document/databases.js';
import { underTarget } from '../../releases/index.js';

export const rule: Rule = {
  id: 'upgrade/shared-bucket-access-off',
  // The severity follows the target (src/releases/behaviour.ts shared-bucket-access-off).
  severity: 'error',
  kinds: ['legacy', 'database'],
  facts: ['shared-bucket-access-off'],
  description: 'A database without shared bucket access (explicit false, or a legacy database that does not set it), which later releases deprecate and then refuse to load.',
  check(context) {
    const verdict = context.judge('shared-bucket-access-off');
    if (!verdict) return;
    for (const db of databaseEntries(context.kind, context.document)) {
      const sba = lookup(db.config, db.pointer, 'enable_shared_bucket_access');
      const imports = importDocsSetting(db) === true;
      // One cause, one finding: where the target only deprecates it, upgrade/import-without-shared-bucket-access
      // reports the refusal that import adds.
      if (imports && verdict.severity !== 'error') continue;
      const alsoImport = imports ? ' import_docs needs it too.' : '';
      if (sba?.value === false) {
        context.report({ pointer: sba.pointer, ...underTarget(verdict, `${dbLabel(db)} has shared bucket access off`,
          `The gateway says "sync gateway requires enable_shared_bucket_access=true".${alsoImport} Set it to true (irreversible; see upgrade/shared-bucket-access-enabled).`) });
      } else if (sba === undefined && db.legacy) {
        context.report({ pointer: db.pointer, target: 'key', ...underTarget(verdict, `${dbLabel(db)} leaves shared bucket access off by default`,
          `A legacy database without enable_shared_bucket_access has it off, and the automatic upgrade writes false.${alsoImport} Set "enable_shared_bucket_access": true (irreversible).`) });
      }
    }
  },
};
