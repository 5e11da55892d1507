// convert/overwritten-value: emitted by the pure converter (src/convert/legacy.ts).
import { describe, it } from 'vitest';
import { cb, expectFinding, expectNone } from './helpers.js';

describe('convert/overwritten-value', () => {
  it('reports the failing example', () => {
    expectFinding({ SlowQueryWarningThreshold: 600, databases: { db: { server: cb, slow_query_warning_threshold: 200 } } }, 'convert/overwritten-value', 'info', '/databases/db/slow_query_warning_threshold', /SlowQueryWarningThreshold/);
  });
  it('is quiet on the passing example', () => {
    expectNone({ SlowQueryWarningThreshold: 600, databases: { db: { server: cb } } }, 'convert/overwritten-value');
  });
});
