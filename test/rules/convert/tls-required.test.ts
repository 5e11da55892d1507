// convert/tls-required: emitted by the pure converter (src/convert/identity.ts).
import { describe, it } from 'vitest';
import { cb, expectFinding, expectNone } from './helpers.js';

describe('convert/tls-required', () => {
  it('reports the failing example', () => {
    expectFinding({ use_tls_server: false, databases: { db: { server: cb } } }, 'convert/tls-required', 'error', '/databases/db/server', /use_tls_server/);
  });
  it('warns about an address that comes whole from the environment', () => {
    expectFinding({ databases: { db: { server: '$SERVER' } } }, 'convert/tls-required', 'warning', '/databases/db/server', /environment/);
  });
  it('is quiet on the passing example, and on a clear-text address (the server-tls decision)', () => {
    expectNone({ databases: { db: { server: cb } } }, 'convert/tls-required');
    expectNone({ databases: { db: { server: 'http://cb1:8091' } } }, 'convert/tls-required');
  });
});
