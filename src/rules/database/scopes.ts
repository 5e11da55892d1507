import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, hasSource, isLegacyMode, lookup, validated } from '../../document/databases.js';
import { isObject, joinPointer } from '../../types.js';

export const rule: Rule = {
  id: 'database/scopes',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'scopes the gateway rejects: more than one scope, a scope without collections, database-level sync/import_filter with scopes, scopes in legacy mode (the _default scope too).',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      const scopes = lookup(db.config, db.pointer, 'scopes');
      if (!scopes || !isObject(scopes.value)) continue;
      const names = Object.keys(scopes.value);
      if (names.length > 1) {
        context.report(validated(db, context, { pointer: scopes.pointer, message: `${dbLabel(db)} has ${names.length} scopes (${names.join(', ')}) but a database uses exactly one`, detail: 'The gateway rejects it. Split it into one database per scope.' }));
      }
      let listsCollection = false;
      for (const name of names) {
        const scope = scopes.value[name];
        const scopePointer = joinPointer(scopes.pointer, name);
        const collections = isObject(scope) ? lookup(scope, scopePointer, 'collections') : undefined;
        if (!collections || !isObject(collections.value) || Object.keys(collections.value).length === 0) {
          context.report(validated(db, context, { pointer: collections?.pointer ?? scopePointer, message: `${dbLabel(db)}: scope "${name}" has no collections`, detail: 'The gateway rejects the database. List at least one collection (it may be {}).' }));
        } else {
          listsCollection = true;
        }
      }
      // The gateway asks this only of a scope that lists a collection, after it has read a blank
      // function as unset (rest/config.go@3.1.11 and @4.1.1 validate()).
      for (const field of ['sync', 'import_filter']) {
        const found = lookup(db.config, db.pointer, field);
        if (listsCollection && found && hasSource(found.value)) {
          context.report(validated(db, context, { pointer: found.pointer, message: `${dbLabel(db)}: a database-level ${field} cannot be combined with scopes (even _default)`, detail: `The gateway rejects the database. Move it to each collection's ${field}.` }));
        }
      }
      // Legacy mode loads no scopes at all, the _default scope included (rest/server_context.go
      // _getOrAddDatabaseFromConfig, 3.1.0 to 4.1.1: "scopes are not allowed with legacy config").
      if (db.legacy && isLegacyMode(context.document) && names.length > 0) {
        context.report({ pointer: scopes.pointer, target: 'key', message: `${dbLabel(db)} sets scopes, which legacy mode (disable_persistent_config true) cannot load`, detail: 'The gateway refuses to start, whatever the scope (_default too). Convert to persistent configs (sgconf convert), or remove disable_persistent_config and the scopes.' });
      }
    }
  },
};
