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

describe('the nearest tool config in the folder search, test, dry-run and plan', () => {
  // A team folder whose own tool config names its deployment's variables: its database config's sync
  // function reads one of them.
  const team = async () => {
    await fs.mkdir(path.join(dir, 'team', 'tests'), { recursive: true });
    await fs.writeFile(path.join(dir, 'team', '.sgconfrc.json'), JSON.stringify({ envFiles: ['team.env'], ignore: ['old/**'], include: ['*.conf'] }));
    await fs.writeFile(path.join(dir, 'team', 'team.env'), 'CHANNEL_PREFIX=team-\n');
    await fs.writeFile(path.join(dir, 'team', 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync: 'function (doc) { channel("${CHANNEL_PREFIX}" + doc.owner); }' }));
    await fs.writeFile(path.join(dir, 'team', 'tests', 'db.sgtest.yaml'), 'config: ../db.json\ncases:\n  - name: the team prefix\n    doc: {owner: ann}\n    expect: {channels: [team-ann]}\n');
  };

  it('a folder\'s ignore and include globs apply to the files under it', async () => {
    await team();
    await fs.mkdir(path.join(dir, 'team', 'old'));
    await fs.writeFile(path.join(dir, 'team', 'old', 'db.json'), '{"bucket": 1}');
    await fs.writeFile(path.join(dir, 'team', 'gateway.conf'), JSON.stringify({ name: 'db2', bucket: 'b' }));
    const json = JSON.parse((await runCli(['lint', 'team', '--format', 'json'], { cwd: dir })).stdout);
    // The folder's test file is checked as a test file, as it is when named.
    expect(json.results.map((r: { file: string }) => r.file).sort()).toEqual([path.join('team', 'db.json'), path.join('team', 'gateway.conf'), path.join('team', 'tests', 'db.sgtest.yaml')]);
  });

  it('test runs each test file with its folder\'s tool config, from the root', async () => {
    await team();
    const r = await runCli(['test', 'team'], { cwd: dir });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain('1 passed');
  });

  it('dry-run and plan read the config with its folder\'s tool config', async () => {
    await team();
    await fs.writeFile(path.join(dir, 'doc.json'), '{"owner": "bob"}');
    const dry = await runCli(['dry-run', 'team/db.json', '--doc', 'doc.json'], { cwd: dir });
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout).channels).toEqual(['team-bob']);
    const plan = await runCli(['plan', 'team/db.json', '--from', '3.1', '--to', '4.1'], { cwd: dir });
    expect(plan.code, plan.stdout).toBe(0);
    // A line of its env file that is not NAME=value blocks the plan, said at its place.
    await fs.writeFile(path.join(dir, 'team', 'team.env'), 'CHANNEL_PREFIX=team-\nnot a variable\n');
    const broken = await runCli(['plan', 'team/db.json', '--from', '3.1', '--to', '4.1'], { cwd: dir });
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(`${path.join('team', 'team.env')}:2:1:`);
    await fs.writeFile(path.join(dir, 'team', 'team.env'), 'CHANNEL_PREFIX=team-\n');
    // Without it, the variable is undefined, which blocks both.
    await fs.rm(path.join(dir, 'team', '.sgconfrc.json'));
    expect((await runCli(['dry-run', 'team/db.json', '--doc', 'doc.json'], { cwd: dir })).code).toBe(1);
    expect((await runCli(['plan', 'team/db.json', '--from', '3.1', '--to', '4.1'], { cwd: dir })).code).toBe(1);
  });
});

describe('print-config', () => {
  it('names the nearest tool config above the file', async () => {
    const r = await runCli(['print-config', 'fleet/sync_gateway.json'], { cwd: dir });
    expect(r.stdout).toContain(`tool config   ${path.join('fleet', '.sgconfrc.json')}`);
    expect(r.stdout).toContain(`target        2.8  (${path.join('fleet', '.sgconfrc.json')} target)`);
  });
});
