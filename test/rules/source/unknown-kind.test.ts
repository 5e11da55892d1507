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
  it('a folder walk skips files that are not gateway configs instead of reporting them', async () => {
    const result = await lintText('{"name": "ci", "on": {}, "jobs": {}}', 'wf.json', { env: {}, remote: false, discovered: true });
    expect(result.diagnostics).toEqual([]);
  });
});
