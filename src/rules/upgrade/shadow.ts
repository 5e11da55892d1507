import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup } from '../../document/databases.js';

export const rule: Rule = {
  id: 'upgrade/shadow',
  severity: 'error',
  kinds: ['legacy'],
  description: 'Bucket shadowing (shadow / deprecated.shadow), long unsupported and then removed.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      const shadow = lookup(db.config, db.pointer, 'shadow') ?? (() => {
        const deprecated = lookup(db.config, db.pointer, 'deprecated');
        return deprecated ? lookup(deprecated.value, deprecated.pointer, 'shadow') : undefined;
      })();
      if (!shadow) continue;
      context.report({
        pointer: shadow.pointer,
        target: 'key',
        message: `${dbLabel(db)} uses bucket shadowing, which the gateway refuses to start with`,
        detail: 'Migrate by pointing the database at the shadowed bucket itself with "enable_shared_bucket_access": true and "import_docs": true, so documents written to the bucket directly are imported (an import_filter replaces shadow.doc_id_regex), then remove "shadow".',
      });
    }
  },
};
