// convert/unreadable: a database that is not an object (pure converter), or a file that cannot be read (run).
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
  it('a readable config', () => {
    expectNone({ databases: { db: { server: cb } } }, 'convert/unreadable');
  });
});
