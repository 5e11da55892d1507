// convert/bucket-collision: emitted by the pure converter (src/convert/legacy.ts).
import { describe, it } from 'vitest';
import { cb, expectFinding, expectNone } from './helpers.js';

describe('convert/bucket-collision', () => {
  it('reports the failing example', () => {
    expectFinding({ databases: { a: { server: cb, bucket: 's' }, b: { server: cb, bucket: 's' } } }, 'convert/bucket-collision', 'error', '/databases/b/bucket', /both use the bucket "s"/);
  });
  it('is quiet on the passing example', () => {
    expectNone({ databases: { a: { server: cb, bucket: 'a' }, b: { server: cb, bucket: 'b' } } }, 'convert/bucket-collision');
  });
});
