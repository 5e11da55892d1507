// convert/shared-bucket-access: emitted by the pure converter (src/convert/legacy.ts).
import { describe, it } from 'vitest';
import { cb, expectFinding, expectNone } from './helpers.js';

describe('convert/shared-bucket-access', () => {
  it('reports the failing example', () => {
    expectFinding({ databases: { db: { server: cb } } }, 'convert/shared-bucket-access', 'info', '/databases/db', /enable_shared_bucket_access false/);
  });
  it('is quiet on the passing example', () => {
    expectNone({ databases: { db: { server: cb, enable_shared_bucket_access: true } } }, 'convert/shared-bucket-access');
  });
});
