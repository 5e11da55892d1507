// convert/replication-id: emitted by the pure converter (src/convert/legacy.ts).
import { describe, it } from 'vitest';
import { cb, expectFinding, expectNone } from './helpers.js';

describe('convert/replication-id', () => {
  it('reports the failing example', () => {
    expectFinding({ databases: { db: { server: cb, replications: { r1: { replication_id: 'r2', remote: 'http://r/db', direction: 'pull' } } } } }, 'convert/replication-id', 'error', '/databases/db/replications/r1/replication_id', /differs from its key/);
  });
  it('is quiet on the passing example', () => {
    expectNone({ databases: { db: { server: cb, replications: { r1: { replication_id: 'r1', remote: 'http://r/db', direction: 'pull' } } } } }, 'convert/replication-id');
  });
});
