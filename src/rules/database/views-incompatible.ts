import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup, validated } from '../../document/databases.js';
import { isObject } from '../../types.js';

export const rule: Rule = {
  id: 'database/views-incompatible',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'use_views true together with scopes or use_system_metadata_collection.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      const views = lookup(db.config, db.pointer, 'use_views');
      if (views?.value !== true) continue;
      // The gateway checks only a scopes object with a scope in it (len(dbConfig.Scopes) != 0,
      // rest/config.go@3.1.11 and @4.1.1 validate()): "scopes": {} is the default collection.
      const scopes = lookup(db.config, db.pointer, 'scopes');
      if (scopes && isObject(scopes.value) && Object.keys(scopes.value).length > 0) {
        context.report(validated(db, context, { pointer: views.pointer, message: `${dbLabel(db)}: use_views true cannot be combined with scopes`, detail: 'Views exist only in the default collection, so the gateway rejects the database. Use GSI (remove use_views).' }));
      }
      if (lookup(db.config, db.pointer, 'use_system_metadata_collection')?.value === true) {
        context.report(validated(db, context, { pointer: views.pointer, message: `${dbLabel(db)}: use_views true cannot be combined with use_system_metadata_collection`, detail: 'The gateway rejects the database.' }));
      }
    }
  },
};
