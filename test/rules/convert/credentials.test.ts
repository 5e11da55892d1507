// convert/credentials: emitted by the pure converter (src/convert/legacy.ts).
import { describe, it } from 'vitest';
import { cb, expectFinding, expectNone } from './helpers.js';

describe('convert/credentials', () => {
  it('reports the failing example', () => {
    expectFinding({ databases: { a: { server: cb, username: 'a', password: 'pa' }, b: { server: cb, username: 'b', password: 'pb' } } }, 'convert/credentials', 'info', '/databases/b/username', /database_credentials.b/);
  });
  it('is quiet on the passing example', () => {
    expectNone({ databases: { a: { server: cb, username: 'a', password: 'pa' }, b: { server: cb, username: 'a', password: 'pa' } } }, 'convert/credentials');
  });
});
