// convert/function-source: emitted by the pure converter for function values the caller read from files/URLs.
import { describe, it } from 'vitest';
import { cb, expectFinding, expectNone } from './helpers.js';

const config = { databases: { db: { server: cb, sync: 'sync.js' } } };

describe('convert/function-source', () => {
  it('an unreadable source is an error', () => {
    const functionSources = new Map([['/databases/db/sync', { origin: 'url' as const, location: 'https://h/s.js', source: null, error: '404 Not Found' }]]);
    expectFinding(config, 'convert/function-source', 'error', '/databases/db/sync', /404 Not Found/, { functionSources });
  });
  it('an inlined source is an info naming it', () => {
    const functionSources = new Map([['/databases/db/sync', { origin: 'file' as const, location: 'sync.js', source: 'function(doc){}' }]]);
    expectFinding(config, 'convert/function-source', 'info', '/databases/db/sync', /file sync\.js/, { functionSources });
  });
  it('inline functions need nothing', () => {
    expectNone({ databases: { db: { server: cb, sync: 'function(doc){}' } } }, 'convert/function-source');
  });
});
