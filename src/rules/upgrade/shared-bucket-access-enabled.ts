import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup } from '../../document/databases.js';

export const rule: Rule = {
  id: 'upgrade/shared-bucket-access-enabled',
  severity: 'info',
  // A database config (3.0 and later) has shared bucket access on by default: an explicit true there says
  // nothing new. In a legacy file it turns on what the legacy default leaves off.
  kinds: ['legacy'],
  description: 'A legacy database that enables shared bucket access: irreversible, and a migration that needs a maintenance window when indexes are used.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      const sba = lookup(db.config, db.pointer, 'enable_shared_bucket_access');
      if (sba?.value !== true) continue;
      const views = lookup(db.config, db.pointer, 'use_views')?.value === true;
      context.report({
        pointer: sba.pointer,
        message: `${dbLabel(db)} enables shared bucket access, which cannot be undone for an existing bucket`,
        detail: `Metadata moves into extended attributes as documents are migrated.${views ? '' : ' Every GSI index name changes (sg_channels_1 becomes sg_channels_x1), so new indexes are built while documents migrate: plan a maintenance window and run POST /_post_upgrade afterwards to drop the old indexes.'}`,
      });
    }
  },
};
