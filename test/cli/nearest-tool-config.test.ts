// Each file is judged by the nearest tool config above it, in the CLI as in the editor: a folder with its
// own .sgconfrc.json gets its target, rules and suppressions from it, from wherever lint runs.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';

let dir: string;
const clearText = { databases: { db: { server: 'couchbase://cb', bucket: 'b', enable_shared_bucket_access: true } } };
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sgconf-nearest-'));
  await fs.mkdir(path.join(dir, 'fleet'));
  await fs.writeFile(path.join(dir, '.sgconfrc.json'), JSON.stringify({ target: '4.1' }));
  await fs.writeFile(path.join(dir, 'fleet', '.sgconfrc.json'), JSON.stringify({
    target: '2.8', suppressions: [{ files: ['**'], rules: ['security/non-tls-server'], reason: 'the fleet network' }],
  }));
  await fs.writeFile(path.join(dir, 'fleet', 'sync_gateway.json'), JSON.stringify(clearText));
  await fs.writeFile(path.join(dir, 'main.json'), JSON.stringify(clearText));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the nearest tool config', () => {
  it('judges each file, from the repository root', async () => {
    const json = JSON.parse((await runCli(['lint', '.', '--format', 'json'], { cwd: dir })).stdout);
    const fleet = json.results.find((r: { file: string }) => r.file === 'fleet/sync_gateway.json');
    const main = json.results.find((r: { file: string }) => r.file === 'main.json');
    expect(fleet.target).toBe('2.8');
    expect(fleet.diagnostics.map((d: { rule: string }) => d.rule)).not.toContain('security/non-tls-server');
    expect(main.target).toBeUndefined();
    expect(main.diagnostics.find((d: { rule: string }) => d.rule === 'security/non-tls-server')).toMatchObject({ severity: 'error' });
    expect(json.suppressed).toEqual([expect.objectContaining({ file: 'fleet/sync_gateway.json', reason: 'the fleet network' })]);
  });

  it('gives the same verdict from inside the folder and from the root', async () => {
    const fromRoot = JSON.parse((await runCli(['lint', 'fleet/sync_gateway.json', '--format', 'json'], { cwd: dir })).stdout);
    const fromInside = JSON.parse((await runCli(['lint', 'sync_gateway.json', '--format', 'json'], { cwd: path.join(dir, 'fleet') })).stdout);
    expect(fromRoot.results[0].diagnostics.map((d: { rule: string; severity: string }) => `${d.rule} ${d.severity}`))
      .toEqual(fromInside.results[0].diagnostics.map((d: { rule: string; severity: string }) => `${d.rule} ${d.severity}`));
  });

  it('--config names the one tool config for every file', async () => {
    const json = JSON.parse((await runCli(['lint', '.', '--config', '.sgconfrc.json', '--format', 'json'], { cwd: dir })).stdout);
    expect(json.results.find((r: { file: string }) => r.file === 'fleet/sync_gateway.json').target).toBeUndefined();
  });
});

describe('print-config', () => {
  it('names the nearest tool config above the file', async () => {
    const r = await runCli(['print-config', 'fleet/sync_gateway.json'], { cwd: dir });
    expect(r.stdout).toContain(`tool config   ${path.join('fleet', '.sgconfrc.json')}`);
    expect(r.stdout).toContain(`target        2.8  (${path.join('fleet', '.sgconfrc.json')} target)`);
  });
});
