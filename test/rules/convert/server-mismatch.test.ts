// convert/server-mismatch: emitted by the pure converter (src/convert/legacy.ts).
import { describe, it } from 'vitest';
import { cb, expectFinding, expectNone } from './helpers.js';

describe('convert/server-mismatch', () => {
  it('reports the failing example', () => {
    expectFinding({ databases: { a: { server: cb }, b: { server: 'couchbases://cb2' } } }, 'convert/server-mismatch', 'error', '/databases/b/server', /same address/);
  });
  it('is quiet on the passing example', () => {
    expectNone({ databases: { a: { server: cb }, b: { server: cb } } }, 'convert/server-mismatch');
  });
});
