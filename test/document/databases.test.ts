// The shared reader of database configs: both kinds, case-insensitive keys, canonical pointers.
import { describe, expect, it } from 'vitest';
import { databaseEntries, importEnabled, lookupPath, sharedBucketAccess } from '../../src/document/databases.js';

describe('databaseEntries', () => {
  it('yields the document itself for a database config', () => {
    const entries = databaseEntries('database', { name: 'db', bucket: 'b' });
    expect(entries.map((e) => [e.pointer, e.name, e.legacy])).toEqual([['', 'db', false]]);
  });
  it('yields every databases.<name> of a legacy config, whatever the key case', () => {
    const entries = databaseEntries('legacy', { Databases: { a: {}, 'x/y': {}, bad: null } });
    expect(entries.map((e) => [e.pointer, e.name])).toEqual([['/Databases/a', 'a'], ['/Databases/x~1y', 'x/y']]);
  });
  it('yields nothing for a bootstrap config', () => {
    expect(databaseEntries('bootstrap', { bootstrap: {} })).toEqual([]);
  });
  it('finds nested keys case-insensitively', () => {
    expect(lookupPath({ Cache: { Rev_Cache: { size: 1 } } }, '/d', 'cache', 'rev_cache', 'size')).toEqual({ pointer: '/d/Cache/Rev_Cache/size', value: 1 });
  });
  it('applies the shared bucket access defaults of legacy and new databases', () => {
    const [legacy] = databaseEntries('legacy', { databases: { a: { import_docs: true } } });
    const [fresh] = databaseEntries('database', { name: 'a' });
    expect(sharedBucketAccess(legacy!)).toBe(false);
    expect(importEnabled(legacy!, 'ee')).toBe(false);
    expect(sharedBucketAccess(fresh!)).toBe(true);
    expect(importEnabled(fresh!, 'ee')).toBe(true);
    expect(importEnabled(fresh!, 'ce')).toBe(false);
  });
});
