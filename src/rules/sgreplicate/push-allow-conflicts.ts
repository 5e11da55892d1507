import type { Rule } from '../types.js';
import { dbLabel, lookup } from '../../document/databases.js';
import { databasesByName, describe, localDatabase, rootReplications } from './common.js';

export const rule: Rule = {
  id: 'sgreplicate/push-allow-conflicts',
  severity: 'error',
  kinds: ['legacy'],
  description: 'A first-generation replication whose target database in this config sets allow_conflicts false.',
  check(context) {
    const databases = databasesByName(context);
    for (const r of rootReplications(context.document)?.items ?? []) {
      const target = lookup(r.config, r.pointer, 'target');
      if (!target) continue;
      const db = localDatabase(target.value, context.document, databases);
      if (!db) continue;
      const allow = lookup(db.config, db.pointer, 'allow_conflicts');
      if (allow?.value === false) {
        context.report({
          pointer: allow.pointer,
          message: `${dbLabel(db)} sets allow_conflicts false but is the target of ${describe(r)}`,
          detail: 'A first-generation replication pushes revisions that may conflict and needs "allow_conflicts": true on its target, otherwise those revisions are refused and never arrive. Set allow_conflicts true on the target or move to an inter-gateway replication.',
        });
      }
    }
  },
};
