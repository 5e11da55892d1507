import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup } from '../../document/databases.js';
import { underTarget } from '../../releases/index.js';

export const rule: Rule = {
  id: 'database/revs-limit',
  severity: 'error',
  kinds: ['legacy', 'database'],
  facts: ['revs-limit-below-20-conflicts-default'],
  description: 'revs_limit too low for the conflict mode: 0, or below 20 while conflicts are allowed; below 100 with conflicts allowed.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      const found = lookup(db.config, db.pointer, 'revs_limit');
      if (!found || typeof found.value !== 'number') continue;
      const v = found.value;
      const allow = lookup(db.config, db.pointer, 'allow_conflicts')?.value;
      if (v === 0) {
        context.report({ pointer: found.pointer, message: `${dbLabel(db)}: revs_limit 0 is rejected`, detail: 'Use at least 20 with conflicts allowed, otherwise at least 1 (the default is 50).' });
      } else if (v < 20 && allow === true) {
        context.report({ pointer: found.pointer, message: `${dbLabel(db)}: revs_limit ${v} is below 20 while allow_conflicts is true`, detail: 'The gateway rejects the database.' });
      } else if (v < 20 && allow === undefined) {
        // Whether conflicts are allowed by default depends on the release.
        const verdict = context.judge('revs-limit-below-20-conflicts-default');
        if (verdict) {
          context.report({ pointer: found.pointer, ...underTarget(verdict, `${dbLabel(db)}: revs_limit ${v} is below 20 and conflicts are allowed by default`,
            'Set "allow_conflicts": false explicitly or raise revs_limit to 20.') });
        }
      } else if (v < 100 && allow === true) {
        context.report({ pointer: found.pointer, severity: 'warning', message: `${dbLabel(db)}: revs_limit ${v} is below 100 while conflicts are allowed`, detail: 'The gateway warns at every load, since conflicting branches may be pruned.' });
      }
    }
  },
};
