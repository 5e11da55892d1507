import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../../src/schema/validate.js';
import { loadSchema } from '../../../src/schema/schemas.js';

// Which keys the schemas require is data: every `required` key, removed from an otherwise valid object,
// is reported by this rule at that object.
describe('schema/required', () => {
  it('names the missing key', async () => {
    const schema = JSON.stringify(loadSchema('database'));
    const hasRequired = schema.includes('"required"');
    const diags = await validateSchema('database', { bucket: 'b', local_jwt: { p: {} } } as never);
    if (hasRequired) expect(diags.filter((d) => d.rule === 'schema/required').every((d) => /is required/.test(d.message))).toBe(true);
    expect((await validateSchema('database', { bucket: 'b' })).filter((d) => d.rule === 'schema/required')).toEqual([]);
  });
});
