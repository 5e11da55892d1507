import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup } from '../../document/databases.js';
import { underTarget } from '../../releases/index.js';

export const rule: Rule = {
  id: 'database/allow-conflicts',
  // The severity follows the target (src/releases/behaviour.ts allow-conflicts-true).
  severity: 'error',
  kinds: ['legacy', 'database'],
  facts: ['allow-conflicts-true'],
  description: 'allow_conflicts true, which later releases deprecate and then refuse.',
  check(context) {
    const verdict = context.judge('allow-conflicts-true');
    if (!verdict) return;
    for (const db of databaseEntries(context.kind, context.document)) {
      const found = lookup(db.config, db.pointer, 'allow_conflicts');
      if (found?.value !== true) continue;
      context.report({
        pointer: found.pointer,
        ...underTarget(verdict, `${dbLabel(db)} sets allow_conflicts true`,
          'Remove it: conflicts are resolved by the sync function and the replications\' conflict resolvers.'),
      });
    }
  },
};
