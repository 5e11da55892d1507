// convert/missing-server: emitted by the pure converter (src/convert/legacy.ts).
import { describe, it } from 'vitest';
import { cb, expectFinding, expectNone } from './helpers.js';

describe('convert/missing-server', () => {
  it('reports the failing example', () => {
    expectFinding({ databases: { db: { bucket: 'db' } } }, 'convert/missing-server', 'error', '/databases/db', /no "server"/);
  });
  it('is quiet on the passing example', () => {
    expectNone({ databases: { db: { server: cb } } }, 'convert/missing-server');
  });
});
