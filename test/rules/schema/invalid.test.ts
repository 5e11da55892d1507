import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../../src/schema/validate.js';

describe('schema/invalid', () => {
  it('is not emitted for well-formed configs of each kind', async () => {
    expect(await validateSchema('database', { bucket: 'b', revs_limit: 100 })).toEqual([]);
    expect(await validateSchema('bootstrap', { bootstrap: { server: 'couchbases://cb' } })).toEqual([]);
    expect(await validateSchema('legacy', { databases: { db: { server: 'couchbases://cb' } } })).toEqual([]);
  });
  it('every ajv failure becomes a diagnostic with a rule id of the schema group', async () => {
    const diags = await validateSchema('database', { bucket: 5, revs_limit: 'x', cache: { rev_cache: { size: -1 } }, nope: 1 } as never);
    expect(diags.length).toBeGreaterThanOrEqual(3);
    for (const d of diags) expect(d.rule).toMatch(/^schema\//);
  });
});
