// convert/dropped-field: emitted by the pure converter (src/convert/legacy.ts).
import { describe, it } from 'vitest';
import { cb, expectFinding, expectNone } from './helpers.js';

describe('convert/dropped-field', () => {
  it('reports the failing example', () => {
    expectFinding({ AdminUI: 'admin.html', databases: { db: { server: cb } } }, 'convert/dropped-field', 'warning', '/AdminUI', /AdminUI/);
  });
  it('is quiet on the passing example', () => {
    expectNone({ interface: ':4984', databases: { db: { server: cb } } }, 'convert/dropped-field');
  });
});
