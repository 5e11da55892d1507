// The tool config's suppressions through the real CLI (config/unused-suppression, and what they keep out).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../../helpers/cli.js';

let dir: string;
const clearText = { databases: { db: { server: 'couchbase://cb', bucket: 'b', enable_shared_bucket_access: true } } };
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sgconf-suppressions-'));
  await fs.mkdir(path.join(dir, 'lab'));
  await fs.writeFile(path.join(dir, 'lab', 'sync_gateway.json'), JSON.stringify(clearText));
  await fs.writeFile(path.join(dir, 'prod.json'), JSON.stringify(clearText));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function toolConfig(suppressions: unknown): Promise<void> {
  await fs.writeFile(path.join(dir, '.sgconfrc.json'), JSON.stringify({ suppressions }, null, 2));
}

describe('suppressions', () => {
  it('keep a rule\'s findings out of the files a glob matches, and the report says so with the reason', async () => {
    await toolConfig([{ files: ['lab/**'], rules: ['security/non-tls-server'], reason: 'the lab cluster has no TLS' }]);
    const json = JSON.parse((await runCli(['lint', '.', '--format', 'json'], { cwd: dir })).stdout);
    const rules = (file: string) => json.results.find((r: { file: string }) => r.file === file).diagnostics.map((d: { rule: string }) => d.rule);
    expect(rules('lab/sync_gateway.json')).not.toContain('security/non-tls-server');
    expect(rules('prod.json')).toContain('security/non-tls-server');
    expect(json.suppressed).toEqual([expect.objectContaining({ file: 'lab/sync_gateway.json', rule: 'security/non-tls-server', reason: 'the lab cluster has no TLS' })]);
    const stylish = await runCli(['lint', 'lab', '--debug'], { cwd: dir });
    expect(stylish.code).toBe(0);
    expect(stylish.stdout).toContain('1 finding suppressed by the tool config (--debug lists them with the reasons)');
    expect(stylish.stdout).toMatch(/suppressed lab\/sync_gateway\.json:1:\d+ security\/non-tls-server: the lab cluster has no TLS/);
  });

  it('one that suppressed nothing in the files it matches is a warning at its place in the tool config', async () => {
    await toolConfig([{ files: ['lab/**'], rules: ['webhook/plain-http'], reason: 'hooks stay in the lab network' }]);
    const json = JSON.parse((await runCli(['lint', 'lab', '--format', 'json'], { cwd: dir })).stdout);
    const warning = json.results.find((r: { file: string }) => r.file === '.sgconfrc.json').diagnostics[0];
    expect(warning).toMatchObject({ rule: 'config/unused-suppression', severity: 'warning', line: 3, column: 5, message: 'the suppression of webhook/plain-http in lab/** suppressed nothing' });
  });

  it('is not reported unused when the run covers none of its files', async () => {
    await toolConfig([{ files: ['lab/**'], rules: ['webhook/plain-http'], reason: 'hooks stay in the lab network' }]);
    const json = JSON.parse((await runCli(['lint', 'prod.json', '--format', 'json'], { cwd: dir })).stdout);
    expect(json.results.map((r: { file: string }) => r.file)).toEqual(['prod.json']);
  });

  it.each([
    [[{ files: ['lab/**'], rules: ['security/non-tls-server'] }], 'suppression 1 needs "reason"'],
    [[{ files: ['lab/**'], rules: ['security/non-tls-sever'], reason: 'x' }], 'unknown rule "security/non-tls-sever"; did you mean "security/non-tls-server"?'],
    [{ files: ['lab/**'] }, '"suppressions" must be an array'],
  ])('a malformed suppression is a config/invalid error: %j', async (value, message) => {
    await toolConfig(value);
    const r = await runCli(['lint', '.', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).results[0].diagnostics[0].message).toContain(message);
  });
});
