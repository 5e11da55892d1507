// What a folder search of lint takes and leaves out: it says what it left out (a count in the summary,
// each with its reason under --debug and in the JSON report), and the tool config's `include` adds names.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sgconf-folder-search-'));
  await fs.mkdir(path.join(dir, 'config'));
  await fs.writeFile(path.join(dir, 'config', 'sync_gateway.json'), JSON.stringify({ databases: { db: { server: 'couchbases://cb', bucket: 'b', enable_shared_bucket_access: true } } }));
  // A users list beside the config: JSON, but not a gateway config.
  await fs.writeFile(path.join(dir, 'config', 'users.json'), JSON.stringify([{ name: 'ann' }]));
  // A config under a name the search does not take by itself, with an error in it.
  await fs.writeFile(path.join(dir, 'config', 'gateway.conf'), JSON.stringify({ databases: { db: { server: 'couchbases://cb', bucket: 'b', enable_shared_bucket_access: true, revs_limt: 5 } } }));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the folder search', () => {
  it('counts what it left out in the summary, and --debug lists each with its reason', async () => {
    const plain = await runCli(['lint', 'config'], { cwd: dir });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('in 1 file, judged for Sync Gateway 4.1; 1 file skipped as not gateway configs (--debug lists them)');
    const debug = await runCli(['lint', 'config', '--debug'], { cwd: dir });
    expect(debug.stdout).toContain('skipped config/users.json: not a gateway config: the document is not a JSON object');
  });

  it('the JSON report lists them as "skipped"', async () => {
    const r = await runCli(['lint', 'config', '--format', 'json'], { cwd: dir });
    expect(JSON.parse(r.stdout).skipped).toEqual([{ file: 'config/users.json', reason: 'not a gateway config: the document is not a JSON object' }]);
  });

  it('the tool config\'s include adds names to the search', async () => {
    await fs.writeFile(path.join(dir, '.sgconfrc.json'), JSON.stringify({ include: ['*.conf'] }));
    const r = await runCli(['lint', 'config', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.results.map((x: { file: string }) => x.file)).toEqual(['config/gateway.conf', 'config/sync_gateway.json']);
    expect(report.results[0].diagnostics.map((d: { rule: string }) => d.rule)).toContain('schema/unknown-field');
  });

  it('an include that is not a list of globs is a config/invalid error', async () => {
    await fs.writeFile(path.join(dir, '.sgconfrc.json'), JSON.stringify({ include: '*.conf' }));
    const r = await runCli(['lint', 'config', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).results[0].diagnostics[0]).toMatchObject({ rule: 'config/invalid', message: '"include" must be an array of glob patterns' });
  });
});
