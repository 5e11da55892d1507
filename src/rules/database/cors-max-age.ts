import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookupPath, validated } from '../../document/databases.js';
import { underTarget } from '../../releases/index.js';

export const rule: Rule = {
  id: 'database/cors-max-age',
  severity: 'error',
  kinds: ['legacy', 'database'],
  facts: ['database-cors-max-age'],
  description: 'A database\'s own cors.max_age, which a release refuses where only the node\'s api.cors.max_age counts.',
  check(context) {
    const verdict = context.judge('database-cors-max-age');
    if (!verdict) return;
    for (const db of databaseEntries(context.kind, context.document)) {
      const maxAge = lookupPath(db.config, db.pointer, 'cors', 'max_age');
      if (!maxAge || typeof maxAge.value !== 'number' || maxAge.value === 0) continue;
      context.report(validated(db, context, {
        pointer: maxAge.pointer,
        ...underTarget(verdict, `${dbLabel(db)}: cors.max_age is set on the database`, 'Set the preflight cache time in the startup config\'s api.cors.max_age, or remove it here.'),
      }));
    }
  },
};
