// The shared reader of database configs: both kinds, case-insensitive keys, canonical pointers.
import { describe, expect, it } from 'vitest';
import { databaseEntries, findKey, importEnabled, keysMatching, lookupPath, sharedBucketAccess } from '../../src/document/databases.js';

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

describe('keysMatching and findKey', () => {
  it('find every key that folds to the name, in order, the last one winning as in Go', () => {
    const object = { Bucket: 1, server: 2, BUCKET: 3, buckets: 4 };
    expect(keysMatching(object, 'bucket')).toEqual(['Bucket', 'BUCKET']);
    expect(findKey(object, 'bucket')).toBe('BUCKET');
    expect(findKey(object, 'server')).toBe('server');
    expect(findKey(object, 'pool')).toBeUndefined();
  });
  it('find a key whose lower case is longer than itself (U+0130 folds to two characters)', () => {
    const object = { '\u0130d': 1 };
    expect(keysMatching(object, 'i\u0307d')).toEqual(['\u0130d']);
  });
});
