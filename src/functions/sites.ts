// Where JavaScript lives in a config (reference 6.1): every string field that holds a function, by role.
import { databaseEntries } from '../document/databases.js';
import { isObject, joinPointer, type JsonObject, type JsonValue, type Kind } from '../types.js';
import type { FunctionSite } from './types.js';

const EVENTS = ['document_changed', 'db_state_changed'] as const;

/**
 * Every field that holds JavaScript in a canonical document (keys spelled as in the schemas).
 * Non-string values are skipped (the schema reports their type). Blank values are included;
 * resolveFunctions decides what they mean. `readsSources`: whether the release reads a file or URL that a
 * database's function names (src/releases/reading.ts); where it does not, every value is inline.
 */
export function findFunctionSites(kind: Kind, document: JsonValue, readsSources = true): FunctionSite[] {
  return databaseEntries(kind, document).flatMap((entry) => databaseSites(entry.config, entry.pointer, entry.legacy ? entry.name : undefined, readsSources));
}

function databaseSites(db: JsonObject, base: string, database: string | undefined, readsSources: boolean): FunctionSite[] {
  const sites: FunctionSite[] = [];
  const add = (value: JsonValue | undefined, pointer: string, site: Omit<FunctionSite, 'pointer' | 'value' | 'database'>) => {
    if (typeof value !== 'string') return;
    sites.push({ pointer, value, ...site, ...(database !== undefined ? { database } : {}) });
  };

  add(db['sync'], joinPointer(base, 'sync'), { role: 'sync', resolvable: readsSources });
  add(db['import_filter'], joinPointer(base, 'import_filter'), { role: 'import_filter', resolvable: readsSources });

  const handlers = db['event_handlers'];
  if (isObject(handlers)) {
    for (const event of EVENTS) {
      const list = handlers[event];
      if (!Array.isArray(list)) continue;
      list.forEach((handler, i) => {
        if (isObject(handler)) {
          add(handler['filter'], joinPointer(base, 'event_handlers', event, i, 'filter'), { role: 'webhook_filter', event, resolvable: readsSources });
        }
      });
    }
  }

  const replications = db['replications'];
  if (isObject(replications)) {
    for (const [id, replication] of Object.entries(replications)) {
      if (isObject(replication)) {
        add(replication['custom_conflict_resolver'], joinPointer(base, 'replications', id, 'custom_conflict_resolver'), {
          role: 'conflict_resolver', resolvable: readsSources,
        });
      }
    }
  }

  // Collection-level functions are always inline (reference 4.8 / 6.3).
  const scopes = db['scopes'];
  if (isObject(scopes)) {
    for (const [scopeName, scope] of Object.entries(scopes)) {
      if (!isObject(scope) || !isObject(scope['collections'])) continue;
      for (const [collectionName, collection] of Object.entries(scope['collections'])) {
        if (!isObject(collection)) continue;
        const at = joinPointer(base, 'scopes', scopeName, 'collections', collectionName);
        add(collection['sync'], joinPointer(at, 'sync'), { role: 'sync', resolvable: false });
        add(collection['import_filter'], joinPointer(at, 'import_filter'), { role: 'import_filter', resolvable: false });
      }
    }
  }

  const functions = db['functions'];
  if (isObject(functions) && isObject(functions['definitions'])) {
    for (const [name, definition] of Object.entries(functions['definitions'])) {
      if (isObject(definition) && definition['type'] === 'javascript') {
        add(definition['code'], joinPointer(base, 'functions', 'definitions', name, 'code'), { role: 'user_function', resolvable: false });
      }
    }
  }
  return sites;
}
