// convert/not-legacy: convert refuses a 3.x config (emitted by src/convert/run.ts).
import { afterAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { convertFile } from '../../../src/convert/run.js';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sgconf-not-legacy-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function rulesFor(config: unknown): Promise<string[]> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
  await fs.writeFile(file, JSON.stringify(config));
  const outcome = await convertFile(file, { cwd: dir, lint: { remote: false } });
  return outcome.result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.rule);
}

describe('convert/not-legacy', () => {
  it('a bootstrap config', async () => expect(await rulesFor({ bootstrap: { server: 'couchbases://cb1' } })).toEqual(['convert/not-legacy']));
  it('a database config', async () => expect(await rulesFor({ bucket: 'b', enable_shared_bucket_access: true })).toEqual(['convert/not-legacy']));
  it('a legacy config', async () => expect(await rulesFor({ databases: { db: { server: 'couchbases://cb1', enable_shared_bucket_access: true } } })).toEqual([]));
});
