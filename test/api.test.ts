// The package's programmatic entry point (package.json "main") offers what the CLI uses.
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
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
  it('lints folders with ignore and include globs', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-api-'));
    mkdirSync(path.join(dir, 'old'));
    writeFileSync(path.join(dir, 'old', 'db.json'), '{"bucket": 1}');
    writeFileSync(path.join(dir, 'db.json'), '{"name": "db", "bucket": "b"}');
    writeFileSync(path.join(dir, 'gateway.conf'), '{"name": "db2", "bucket": "b"}');
    const report = await api.lintPaths(['.'], { cwd: dir, env: {}, remote: false, ignore: ['old/**'], include: ['*.conf'] });
    expect(report.results.map((r) => r.file).sort()).toEqual(['db.json', 'gateway.conf']);
  });
  it('lists every rule with its metadata', () => {
    expect(api.allRules.length).toBeGreaterThan(100);
    expect(api.findRule('schema/unknown-field')?.severity).toBe('error');
  });
});
