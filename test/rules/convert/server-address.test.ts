// convert/server-address: emitted by the pure converter (src/convert/legacy.ts).
import { describe, it } from 'vitest';
import { cb, expectFinding, expectNone } from './helpers.js';

describe('convert/server-address', () => {
  it('reports the failing example', () => {
    expectFinding({ use_tls_server: false, databases: { db: { server: 'http://cb1:9000' } } }, 'convert/server-address', 'error', '/databases/db/server', /port 9000/);
  });
  it('is quiet on the passing example', () => {
    expectNone({ use_tls_server: false, databases: { db: { server: 'http://cb1:8091' } } }, 'convert/server-address');
  });
});
