import { describe, expect, it } from 'vitest';
import { lintText } from '../../../src/lint.js';

describe('source/unknown-kind', () => {
  const cases: [string, string, boolean][] = [
    ['a database config', '{"bucket": "b"}', false],
    ['a bootstrap config', '{"bootstrap": {"server": "couchbases://cb"}}', false],
    ['an unrelated JSON file', '{"title": "x", "version": "1.0"}', true],
    ['a JSON array', '[1, 2]', true],
  ];
  it.each(cases)('%s', async (_name, text, expected) => {
    const result = await lintText(text, 'x.json', { env: {}, remote: false });
    const found = result.diagnostics.filter((d) => d.rule === 'source/unknown-kind');
    expect(found.length > 0).toBe(expected);
    if (expected) expect(found[0]!.message).toMatch(/--kind/);
  });
  it('a file that is recognisably something else is named as what it is, with no --kind advice', async () => {
    const said = async (text: string) => (await lintText(text, 'x.json', { env: {}, remote: false })).diagnostics.map((d) => [d.rule, d.message]);
    expect(await said('{"name": "ann", "password": "x", "admin_channels": ["a"], "collection_access": {"_default": {"orders": {"admin_channels": ["a"]}}}}')).toEqual([
      ['source/unknown-kind', 'not a gateway config: a user or a role for the admin REST API (PUT /{db}/_user/{name})'],
    ]);
    expect(await said('[{"name": "ann", "email": "ann@example.com"}]')).toEqual([
      ['source/unknown-kind', 'not a gateway config: a list of users or roles for the admin REST API (PUT /{db}/_user/{name})'],
    ]);
    expect(await said('{"users": {"ann": {"password": "x"}}}')).toEqual([
      ['source/unknown-kind', 'not a gateway config: a principals file (users and roles, applied with the _user and _role admin endpoints)'],
    ]);
  });
  it('a folder walk skips files that are not gateway configs instead of reporting them', async () => {
    const result = await lintText('{"name": "ci", "on": {}, "jobs": {}}', 'wf.json', { env: {}, remote: false, discovered: true });
    expect(result.diagnostics).toEqual([]);
  });
});
