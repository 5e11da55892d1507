// convert/build-input: inputs sgconf build cannot build (src/convert/build.ts).
import { afterAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildSources } from '../../../src/convert/build.js';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sgconf-build-input-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function errorsOf(files: Record<string, unknown>): Promise<string[]> {
  const sub = await fs.mkdtemp(path.join(dir, 'case-'));
  for (const [name, value] of Object.entries(files)) await fs.writeFile(path.join(sub, name), JSON.stringify(value));
  const outcome = await buildSources([sub], { cwd: dir, lint: { remote: false } });
  return outcome.results.flatMap((r) => r.diagnostics).filter((d) => d.severity === 'error' && d.rule === 'convert/build-input').map((d) => d.message);
}

describe('convert/build-input', () => {
  it('a legacy config', async () => {
    expect(await errorsOf({ 'legacy.json': { databases: { db: { server: 'couchbases://cb1' } } } })).toEqual([expect.stringContaining('converted, not built')]);
  });
  it('two bootstrap configs', async () => {
    const messages = await errorsOf({ 'a.json': { bootstrap: { server: 'couchbases://cb1' } }, 'b.json': { bootstrap: { server: 'couchbases://cb1' } } });
    expect(messages).toEqual([expect.stringContaining('second bootstrap')]);
  });
  it('one bootstrap and distinct databases build', async () => {
    expect(await errorsOf({ 'a.json': { bootstrap: { server: 'couchbases://cb1' } }, 'db.json': { bucket: 'db', enable_shared_bucket_access: true } })).toEqual([]);
  });
});
