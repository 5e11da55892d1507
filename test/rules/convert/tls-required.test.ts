// convert/tls-required: emitted by the pure converter (src/convert/legacy.ts).
import { describe, it } from 'vitest';
import { cb, expectFinding, expectNone } from './helpers.js';

describe('convert/tls-required', () => {
  it('reports the failing example', () => {
    expectFinding({ databases: { db: { server: 'http://cb1:8091' } } }, 'convert/tls-required', 'error', '/databases/db/server', /use_tls_server/);
  });
  it('is quiet on the passing example', () => {
    expectNone({ use_tls_server: false, databases: { db: { server: 'http://cb1:8091' } } }, 'convert/tls-required');
  });
});
