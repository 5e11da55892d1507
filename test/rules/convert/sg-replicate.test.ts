// convert/sg-replicate: emitted by the pure converter (src/convert/legacy.ts).
import { describe, it } from 'vitest';
import { cb, expectFinding, expectNone } from './helpers.js';

describe('convert/sg-replicate', () => {
  it('reports the failing example', () => {
    expectFinding({ replications: [{ source: 'db', target: 'http://r:4985/db' }], databases: { db: { server: cb } } }, 'convert/sg-replicate', 'error', '/replications', /Inter-Sync Gateway Replication/);
  });
  it('is quiet on the passing example', () => {
    expectNone({ databases: { db: { server: cb, replications: { r: { remote: 'http://r:4985/db', direction: 'push' } } } } }, 'convert/sg-replicate');
  });
});
