import { describe, expect, it } from 'vitest';
import { findFunctionSites } from '../../src/functions/sites.js';

const db = {
  sync: 'function(doc){}',
  import_filter: 'function(doc){ return true; }',
  event_handlers: {
    document_changed: [{ handler: 'webhook', url: 'https://h/x', filter: 'function(doc, oldDoc){ return true; }' }, { handler: 'webhook', url: 'https://h/y' }],
    db_state_changed: [{ handler: 'webhook', url: 'https://h/z', filter: 'function(state){ return true; }' }],
  },
  replications: { r1: { remote: 'https://h/db', direction: 'pull', conflict_resolution_type: 'custom', custom_conflict_resolver: 'function(c){ return c.LocalDocument; }' } },
  scopes: { s: { collections: { c: { sync: 'function(doc){}', import_filter: 'function(doc){ return true; }' }, d: {} } } },
  functions: { definitions: { f: { type: 'javascript', code: 'function(context, args){ return 1; }' }, q: { type: 'query', code: 'SELECT 1' } } },
};

describe('findFunctionSites', () => {
  it('finds every function field of a legacy database, by role', () => {
    const sites = findFunctionSites('legacy', { databases: { 'my/db': db } });
    expect(sites.map((s) => [s.pointer, s.role, s.resolvable, s.event ?? null, s.database])).toEqual([
      ['/databases/my~1db/sync', 'sync', true, null, 'my/db'],
      ['/databases/my~1db/import_filter', 'import_filter', true, null, 'my/db'],
      ['/databases/my~1db/event_handlers/document_changed/0/filter', 'webhook_filter', true, 'document_changed', 'my/db'],
      ['/databases/my~1db/event_handlers/db_state_changed/0/filter', 'webhook_filter', true, 'db_state_changed', 'my/db'],
      ['/databases/my~1db/replications/r1/custom_conflict_resolver', 'conflict_resolver', true, null, 'my/db'],
      ['/databases/my~1db/scopes/s/collections/c/sync', 'sync', false, null, 'my/db'],
      ['/databases/my~1db/scopes/s/collections/c/import_filter', 'import_filter', false, null, 'my/db'],
      ['/databases/my~1db/functions/definitions/f/code', 'user_function', false, null, 'my/db'],
    ]);
  });

  it('finds the same fields at the top of a 3.x database config', () => {
    const sites = findFunctionSites('database', db);
    expect(sites.map((s) => s.pointer)).toEqual([
      '/sync', '/import_filter', '/event_handlers/document_changed/0/filter', '/event_handlers/db_state_changed/0/filter',
      '/replications/r1/custom_conflict_resolver', '/scopes/s/collections/c/sync', '/scopes/s/collections/c/import_filter',
      '/functions/definitions/f/code',
    ]);
    expect(sites.every((s) => s.database === undefined)).toBe(true);
  });

  it('finds nothing in a bootstrap config and skips values that are not strings', () => {
    expect(findFunctionSites('bootstrap', { databases: { db } })).toEqual([]);
    expect(findFunctionSites('database', { sync: 42, import_filter: null, event_handlers: { document_changed: { filter: 'x' } } })).toEqual([]);
  });
});
