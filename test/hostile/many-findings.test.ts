// A generated config with thousands of unknown keys: each rule lists its first 1,000 findings in a file and
// one more that counts the rest, so that the report (and lint's time and memory) stay bounded; the
// "did you mean" of a typo is still found among them. Speed itself is measured by `npm run bench` (k).
import { describe, expect, it } from 'vitest';
import { lintText, MAX_FINDINGS_PER_RULE } from '../../src/lint.js';

describe('a file with more findings of one rule than are listed', () => {
  it('lists the first 1,000, then one that says how many more', async () => {
    const keys = Array.from({ length: 2500 }, (_, i) => `"key${String(i).padStart(5, '0')}": ${i}`);
    const text = `{"bucket": "b", "buckte_op_timeout_ms": 1, ${keys.join(', ')}}`;
    const { diagnostics } = await lintText(text, 'db.json', { env: {}, remote: false, kind: 'database' });
    const unknown = diagnostics.filter((d) => d.rule === 'schema/unknown-field');
    expect(unknown).toHaveLength(MAX_FINDINGS_PER_RULE + 1);
    expect(unknown.filter((d) => d.message.startsWith('and '))).toEqual([
      expect.objectContaining({ message: 'and 1501 more schema/unknown-field findings in this file, not listed (the first 1000 are)', severity: 'error' }),
    ]);
    expect(unknown.find((d) => d.message.includes('"buckte_op_timeout_ms"'))?.message).toContain('did you mean "bucket_op_timeout_ms"?');
  });

  it('at 1,000 or fewer, every finding is listed', async () => {
    const keys = Array.from({ length: 1000 }, (_, i) => `"key${String(i).padStart(5, '0')}": ${i}`);
    const { diagnostics } = await lintText(`{"bucket": "b", ${keys.join(', ')}}`, 'db.json', { env: {}, remote: false, kind: 'database' });
    expect(diagnostics.filter((d) => d.rule === 'schema/unknown-field')).toHaveLength(1000);
    expect(diagnostics.some((d) => d.message.startsWith('and '))).toBe(false);
  });
});

describe('a finding superseded among the listed ones', () => {
  it('the next one is listed with its message, and the count stays exact', async () => {
    // "MaxCouchbaseOverflow" is a removed key: upgrade/removed-key replaces its unknown-field finding, so
    // the 1,001st unknown key moves into the listed thousand.
    const keys = Array.from({ length: 1500 }, (_, i) => `"key${String(i).padStart(5, '0')}": ${i}`);
    const text = `{"MaxCouchbaseOverflow": 3, ${keys.join(', ')}, "databases": {"db": {"server": "couchbases://cb", "bucket": "b", "enable_shared_bucket_access": true}}}`;
    const { diagnostics } = await lintText(text, 'sg.json', { env: {}, remote: false, kind: 'legacy' });
    expect(diagnostics.filter((d) => d.rule === 'upgrade/removed-key').map((d) => d.pointer)).toEqual(['/MaxCouchbaseOverflow']);
    const unknown = diagnostics.filter((d) => d.rule === 'schema/unknown-field');
    expect(unknown).toHaveLength(1001);
    expect(unknown.filter((d) => d.message === '')).toEqual([]);
    expect(unknown.some((d) => d.message === 'unknown field "key00999" at the top level')).toBe(true);
    expect(unknown.find((d) => d.message.startsWith('and '))!.message).toBe('and 500 more schema/unknown-field findings in this file, not listed (the first 1000 are)');
  });
});
