// Which function a dry run or a test case runs: the one the config deploys for a database and collection,
// as the pipeline resolved it (backticks, environment, file and remote sources), or the gateway's default.
import type { AnalyzedFile } from '../lint.js';
import { databaseEntries, nonEmptyString, type DatabaseEntry } from '../document/databases.js';
import { defaultSyncFunction } from '../releases/sync-runner.js';
import { isObject, joinPointer } from '../types.js';
import type { RunnableRole } from './program.js';

export interface FunctionChoice {
  /** Database name as the config says it (legacy: the map key; database config: `name`), when known. */
  database?: string;
  collection: { scope: string; name: string } | null;
  role: RunnableRole;
  /** The JavaScript to run; null for an import filter the config does not set (every document is imported). */
  source: string | null;
  /** Canonical pointer of the field, when the config sets the function. */
  pointer?: string;
  /** Why the gateway's default runs, for reports. */
  isDefault: boolean;
  userXattrKey?: string;
}

export interface FunctionQuery {
  role: RunnableRole;
  database?: string;
  /** `scope.collection`. */
  collection?: string;
}

export type Selection = { ok: true; choice: FunctionChoice } | { ok: false; problem: string };

export function selectFunction(analyzed: AnalyzedFile, query: FunctionQuery): Selection {
  if (!analyzed.kind || analyzed.document === null) return { ok: false, problem: 'the config could not be read' };
  if (analyzed.kind === 'bootstrap') return { ok: false, problem: 'a bootstrap config holds no database; name a database config or a legacy config' };
  const entries = databaseEntries(analyzed.kind, analyzed.document);
  let entry: DatabaseEntry | undefined;
  if (query.database !== undefined) {
    // A database config without a name can be deployed under any name.
    entry = entries.find((e) => e.name === query.database) ?? (analyzed.kind === 'database' && entries[0]?.name === undefined ? entries[0] : undefined);
    if (!entry) return { ok: false, problem: `the config has no database "${query.database}" (it has ${entries.map((e) => `"${e.name}"`).join(', ') || 'none'})` };
  } else if (entries.length === 1) {
    entry = entries[0];
  } else {
    return { ok: false, problem: entries.length === 0 ? 'the config holds no database' : `the config holds ${entries.length} databases (${entries.map((e) => e.name).join(', ')}): name one` };
  }
  const db = entry!.config;
  const userXattrKey = nonEmptyString(db['user_xattr_key']) ? db['user_xattr_key'] : undefined;
  let collection: FunctionChoice['collection'] = null;
  let pointer = joinPointer(entry!.pointer, query.role);
  if (query.collection !== undefined) {
    const dot = query.collection.indexOf('.');
    if (dot <= 0 || dot === query.collection.length - 1) return { ok: false, problem: `a collection is named scope.collection, not "${query.collection}"` };
    collection = { scope: query.collection.slice(0, dot), name: query.collection.slice(dot + 1) };
    const isDefaultCollection = collection.scope === '_default' && collection.name === '_default';
    if (!isDefaultCollection) {
      // Scope and collection names are matched exactly, as the gateway keys them.
      const scopes = db['scopes'];
      const scope = isObject(scopes) ? scopes[collection.scope] : undefined;
      const collections = isObject(scope) ? scope['collections'] : undefined;
      if (!isObject(collections) || !isObject(collections[collection.name])) return { ok: false, problem: `the database has no collection ${query.collection}` };
      pointer = joinPointer(entry!.pointer, 'scopes', collection.scope, 'collections', collection.name, query.role);
    }
  }
  const base = { ...(entry!.name !== undefined ? { database: entry!.name } : {}), collection, role: query.role, ...(userXattrKey ? { userXattrKey } : {}) };
  const fn = analyzed.functions.find((f) => f.pointer === pointer);
  if (fn && fn.value.trim() !== '') {
    const what = query.role === 'sync' ? 'sync function' : 'import filter';
    if (fn.source === null && fn.notRead) return { ok: false, problem: `the ${what} at ${fn.origin === 'url' ? 'a URL' : 'a file'} was not ${fn.origin === 'url' ? 'fetched' : 'read'}: ${fn.notRead}` };
    if (fn.source === null) return { ok: false, problem: `the ${what} could not be resolved (see the config's diagnostics)` };
    return { ok: true, choice: { ...base, source: fn.source, pointer, isDefault: false } };
  }
  // No function set: the gateway's defaults (channels/channelmapper.go GetDefaultSyncFunction; no import filter: import all).
  if (query.role === 'import_filter') return { ok: true, choice: { ...base, source: null, isDefault: true } };
  return { ok: true, choice: { ...base, source: defaultSyncFunction(collection), isDefault: true } };
}
