// convert/unreadable: a database that is not an object (pure converter), or a file that cannot be read (run).
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertFile } from '../../../src/convert/run.js';
import { cb, expectFinding, expectNone } from './helpers.js';

describe('convert/unreadable', () => {
  it('a database that is not an object', () => {
    expectFinding({ databases: { db: null, ok: { server: cb } } }, 'convert/unreadable', 'error', '/databases/db');
  });
  it('a file that does not exist', async () => {
    const outcome = await convertFile('/nonexistent/sgconf/config.json', { cwd: '/' });
    expect(outcome.ok).toBe(false);
    expect(outcome.result.diagnostics.map((d) => d.rule)).toEqual(['convert/unreadable']);
  });
  it('a syntax error is said once, at its place, not again at 1:1', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'convert-unreadable-')), 'sync_gateway.json');
    writeFileSync(file, '{\n  "databases": {\n    "db": { "server": "couchbases://cb1" // here\n  }\n}\n');
    const outcome = await convertFile(file, { cwd: path.dirname(file) });
    expect(outcome.ok).toBe(false);
    expect(outcome.result.diagnostics.map((d) => [d.rule, d.line, d.column])).toEqual([['source/syntax', 3, 42]]);
  });
  it('a readable config', () => {
    expectNone({ databases: { db: { server: cb } } }, 'convert/unreadable');
  });
});
