// config/ignored: files named on the command line that the tool config ignores, through the real CLI.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../../helpers/cli.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sgconf-ignored-'));
  await fs.writeFile(path.join(dir, '.sgconfrc.json'), JSON.stringify({ ignore: ['legacy-archive/**'] }));
  await fs.mkdir(path.join(dir, 'legacy-archive'));
  // An old config the repository keeps but does not deploy: lint would find errors in it.
  await fs.writeFile(path.join(dir, 'legacy-archive', 'sync_gateway.json'), JSON.stringify({ databases: { db: { server: 'http://cb:8091', revs_limit: 'many' } } }));
  await fs.writeFile(path.join(dir, 'sync_gateway.json'), JSON.stringify({ databases: { db: { server: 'couchbases://cb', bucket: 'b', enable_shared_bucket_access: true } } }));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('config/ignored', () => {
  it('a named file the tool config ignores is skipped with an info, and the run passes', async () => {
    const r = await runCli(['lint', 'legacy-archive/sync_gateway.json', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.results).toEqual([{
      file: 'legacy-archive/sync_gateway.json', kind: null,
      diagnostics: [expect.objectContaining({ rule: 'config/ignored', severity: 'info', message: 'not checked: the tool config\'s ignore pattern "legacy-archive/**" matches this file' })],
    }]);
  });
  it('beside a file that is checked, the checked one decides the exit code', async () => {
    const r = await runCli(['lint', 'legacy-archive/sync_gateway.json', 'sync_gateway.json', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).results.map((x: { file: string }) => x.file)).toEqual(['legacy-archive/sync_gateway.json', 'sync_gateway.json']);
  });
  it('--no-ignore checks it', async () => {
    const r = await runCli(['lint', 'legacy-archive/sync_gateway.json', '--no-ignore', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).results[0].diagnostics.map((d: { rule: string }) => d.rule)).toContain('schema/type');
  });
  it('a folder search skips it without a word about it, as before', async () => {
    const r = await runCli(['lint', '.', '--format', 'json'], { cwd: dir });
    expect(JSON.parse(r.stdout).results.map((x: { file: string }) => x.file)).toEqual(['sync_gateway.json']);
  });
});
