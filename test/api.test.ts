// The package's programmatic entry point (package.json "main") offers what the CLI uses.
import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';

describe('programmatic API', () => {
  it('lints a config text and reports positions', async () => {
    const result = await api.lintText('{\n  "bucket": "b",\n  "revs_limt": 20\n}', 'db.json', { env: {}, remote: false });
    expect(result.kind).toBe('database');
    expect(result.diagnostics).toEqual([expect.objectContaining({ rule: 'schema/unknown-field', line: 3, column: 3 })]);
  });
  it('converts a legacy value without touching the file system', () => {
    const out = api.convertLegacy({ use_tls_server: false, databases: { db: { server: 'http://cb:8091', bucket: 'b', username: 'u', password: 'p' } } });
    expect(JSON.stringify(out)).toContain('couchbase://cb');
  });
  it('lists every rule with its metadata', () => {
    expect(api.allRules.length).toBeGreaterThan(100);
    expect(api.findRule('schema/unknown-field')?.severity).toBe('error');
  });
});
