import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, get, hasSource, importEnabled, lookup, lookupPath, sharedBucketAccess } from '../../document/databases.js';
import { isObject } from '../../types.js';

export const rule: Rule = {
  id: 'upgrade/import-filter-without-import',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  description: 'An import_filter on a database that does not import documents, so the filter never runs.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      if (importEnabled(db, context.settings.edition)) continue;
      const filters = [lookup(db.config, db.pointer, 'import_filter')];
      const scopes = lookup(db.config, db.pointer, 'scopes');
      if (scopes && isObject(scopes.value)) {
        for (const scope of Object.keys(scopes.value)) {
          const collections = lookupPath(scopes.value, scopes.pointer, scope, 'collections');
          if (collections && isObject(collections.value)) {
            for (const name of Object.keys(collections.value)) filters.push(lookupPath(collections.value, collections.pointer, name, 'import_filter'));
          }
        }
      }
      const why = get(db.config, 'import_docs') === false ? 'import_docs is false'
        : !sharedBucketAccess(db) ? 'shared bucket access is off, so nothing is imported'
        : 'import_docs is not set and Community Edition does not import by default';
      for (const filter of filters) {
        if (!filter || !hasSource(filter.value)) continue;
        context.report({ pointer: filter.pointer, message: `the import_filter of ${dbLabel(db)} never runs: ${why}`, detail: 'Enable import ("import_docs": true with shared bucket access) or remove the filter.' });
      }
    }
  },
};
