// convert/no-databases: emitted by the pure converter (src/convert/legacy.ts).
import { describe, it } from 'vitest';
import { cb, expectFinding, expectNone } from './helpers.js';

describe('convert/no-databases', () => {
  it('reports the failing example', () => {
    expectFinding({ interface: ':4984', databases: {} }, 'convert/no-databases', 'error', '/databases', /no database/);
  });
  it('is quiet on the passing example', () => {
    expectNone({ databases: { db: { server: cb } } }, 'convert/no-databases');
  });
});
