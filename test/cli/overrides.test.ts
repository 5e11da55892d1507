// The tool config's overrides: a folder of files for another release is judged (and fixed) for that
// release; print-config shows the settings in force for a file and where each comes from.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';

let dir: string;
const legacy = { log: ['CRUD'], databases: { db: { server: 'couchbases://cb', bucket: 'b' } } };
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sgconf-overrides-'));
  await fs.mkdir(path.join(dir, 'fleet-2.8'));
  await fs.writeFile(path.join(dir, 'fleet-2.8', 'sync_gateway.json'), JSON.stringify(legacy, null, 2));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const toolConfig = (value: unknown) => fs.writeFile(path.join(dir, '.sgconfrc.json'), JSON.stringify(value, null, 2));

describe('overrides', () => {
  it('without one, --fix for the default target would delete the log keys a 2.8 fleet still reads', async () => {
    await toolConfig({});
    const r = await runCli(['lint', 'fleet-2.8', '--fix-dry-run'], { cwd: dir });
    expect(r.stdout).toContain('-  "log": [');
  });

  it('with one, the folder is judged and fixed for its release, and the summary says so', async () => {
    await toolConfig({ overrides: [{ files: ['fleet-2.8/**'], target: '2.8' }] });
    const dry = await runCli(['lint', 'fleet-2.8', '--fix-dry-run'], { cwd: dir });
    expect(dry.stdout).toBe('');
    const json = JSON.parse((await runCli(['lint', '.', '--format', 'json'], { cwd: dir })).stdout);
    expect(json.target).toBe('4.1');
    expect(json.results[0]).toMatchObject({ file: 'fleet-2.8/sync_gateway.json', target: '2.8' });
    const stylish = await runCli(['lint', '.'], { cwd: dir });
    expect(stylish.stdout).toContain('1 file for 2.8 (by its tool config)');
  });

  it('--target on the command line wins over an override\'s target; its rules still apply', async () => {
    await toolConfig({ overrides: [{ files: ['fleet-2.8/**'], target: '2.8', rules: { 'upgrade/removed-key': 'error' } }] });
    const json = JSON.parse((await runCli(['lint', '.', '--target', '3.3', '--format', 'json'], { cwd: dir })).stdout);
    expect(json.results[0].target).toBeUndefined();
    expect(json.results[0].diagnostics.find((d: { rule: string }) => d.rule === 'upgrade/removed-key')).toMatchObject({ severity: 'error' });
  });

  it('an override\'s env files stand for the tool config\'s, for its files (lint and print-config)', async () => {
    await fs.mkdir(path.join(dir, 'staging'));
    await fs.writeFile(path.join(dir, 'staging', 'db.json'), '{"name": "db", "bucket": "${SG_BUCKET}"}\n');
    await fs.writeFile(path.join(dir, 'prod.env'), 'SG_PASSWORD=\n');
    await fs.writeFile(path.join(dir, 'staging.env'), 'SG_BUCKET=orders-staging\n');
    await toolConfig({ envFiles: ['prod.env'] });
    const without = JSON.parse((await runCli(['lint', 'staging', '--format', 'json'], { cwd: dir })).stdout);
    expect(without.results[0].diagnostics.map((d: { rule: string }) => d.rule)).toContain('source/undefined-variable');
    await toolConfig({ envFiles: ['prod.env'], overrides: [{ files: ['staging/**'], envFiles: ['staging.env'] }] });
    const r = await runCli(['lint', 'staging', '--format', 'json'], { cwd: dir });
    expect(r.code, r.stdout).toBe(0);
    const shown = JSON.parse((await runCli(['print-config', 'staging/db.json', '--format', 'json'], { cwd: dir })).stdout);
    expect(shown.envFiles).toEqual({ value: ['staging.env'], from: '.sgconfrc.json overrides[0] (staging/**)' });
    const broken = await fs.writeFile(path.join(dir, 'staging.env'), 'not a line of dotenv\n').then(() => runCli(['lint', 'staging', '--format', 'json'], { cwd: dir }));
    expect(JSON.parse(broken.stdout).results.map((x: { file: string }) => x.file)).toContain('staging.env');
  });

  it('a malformed override is a config/invalid error', async () => {
    await toolConfig({ overrides: [{ files: ['fleet-2.8/**'], target: '2.9' }] });
    const r = await runCli(['lint', '.', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).results[0].diagnostics[0]).toMatchObject({ rule: 'config/invalid', pointer: '/overrides/0/target' });
    await toolConfig({ overrides: [{ files: ['fleet-2.8/**'], envFiles: 'one.env', ignore: ['x'] }] });
    const messages = JSON.parse((await runCli(['lint', '.', '--format', 'json'], { cwd: dir })).stdout).results[0].diagnostics.map((d: { message: string }) => d.message);
    expect(messages).toEqual(expect.arrayContaining([expect.stringContaining('override 1: "envFiles" must be an array'), 'override 1: unknown key "ignore" (files, target, rules, envFiles)']));
  });
});

describe('print-config', () => {
  it('prints the settings in force for a file and where each comes from', async () => {
    await toolConfig({
      sources: ['config/**'], ignore: ['archive/**'],
      overrides: [{ files: ['fleet-2.8/**'], target: '2.8', rules: { 'upgrade/removed-key': 'off' } }],
      suppressions: [{ files: ['fleet-2.8/**'], rules: ['security/non-tls-server'], reason: 'the fleet has its own network' }],
    });
    const r = await runCli(['print-config', 'fleet-2.8/sync_gateway.json', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      file: 'fleet-2.8/sync_gateway.json', toolConfig: '.sgconfrc.json',
      target: { value: '2.8', from: '.sgconfrc.json overrides[0] (fleet-2.8/**)' },
      buildSource: { value: false, from: 'not matched by sources' },
      ignored: { value: false, from: 'not matched by ignore' },
      envFiles: { value: [], from: 'none set' },
      rules: { 'upgrade/removed-key': { value: 'off', from: '.sgconfrc.json overrides[0] (fleet-2.8/**)' } },
      suppressions: [{ rules: ['security/non-tls-server'], reason: 'the fleet has its own network' }],
    });
    const other = await runCli(['print-config', 'config/db.json'], { cwd: dir });
    expect(other.stdout).toContain('target        4.1  (the default (the newest release))');
    expect(other.stdout).toContain('build source  yes  (.sgconfrc.json sources)');
  });
});
