// The deployment is not this machine: env files declare the variables production defines, and absolute
// file paths name files on the gateway host (checked only with --host).
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';

async function runCli(args: string[], cwd: string, env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; }, cwd, env, isTTY: false };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-deploy-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

type Finding = { rule: string; severity: string; pointer: string; message: string; line: number; column: number };
const findings = (stdout: string): Finding[] => JSON.parse(stdout).results.flatMap((r: { diagnostics: Finding[] }) => r.diagnostics);

// A bootstrap config that keeps its server, password and port in the environment.
const BOOTSTRAP = `{
  "bootstrap": { "server": "$COUCHBASE_SERVER", "username": "sg", "password": "$COUCHBASE_PASSWORD" },
  "api": { "public_interface": ":$SG_PORT" },
  "logging": { "console": { "log_level": "info" } },
  "max_file_descriptors": $MAX_FDS
}`;

describe('env files', () => {
  it('without them, an undefined variable is an error at the value that holds it', async () => {
    // (Without the bare $MAX_FDS: an undefined variable there leaves no number, and the file does not parse.)
    const dir = folder({ 'sg.json': BOOTSTRAP.replace('$MAX_FDS', '90000') });
    const r = await runCli(['lint', 'sg.json', '--format', 'json'], dir);
    const undefinedVars = findings(r.stdout).filter((d) => d.rule === 'source/undefined-variable');
    expect(undefinedVars.map((d) => d.pointer)).toEqual(['/bootstrap/server', '/bootstrap/password', '/api/public_interface']);
    expect(undefinedVars[1]).toMatchObject({ line: 2, column: 80 });
    expect(r.code).toBe(1);
  });

  it('declared empty (a .env.example), they are placeholders: no error, even in a number position', async () => {
    const dir = folder({ 'sg.json': BOOTSTRAP, '.env.example': 'COUCHBASE_SERVER=\nCOUCHBASE_PASSWORD=\nSG_PORT=\nMAX_FDS=\n' });
    const r = await runCli(['lint', 'sg.json', '--format', 'json', '--env-file', '.env.example'], dir);
    expect(findings(r.stdout).filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.code).toBe(0);
  });

  it('a declared value is expanded and checked', async () => {
    const dir = folder({ 'sg.json': BOOTSTRAP, '.env': 'COUCHBASE_SERVER=couchbase://cb.example.com\nCOUCHBASE_PASSWORD=\nSG_PORT=4984\nMAX_FDS=90000\n' });
    const r = await runCli(['lint', 'sg.json', '--format', 'json', '--env-file', '.env'], dir);
    // couchbase:// is not TLS: 4.1 refuses to start with it.
    expect(findings(r.stdout).find((d) => d.rule === 'security/non-tls-server')).toMatchObject({ severity: 'error', pointer: '/bootstrap/server' });
  });

  it('an env file saved with a byte order mark: the mark is not part of the first name', async () => {
    const dir = folder({ 'sg.json': BOOTSTRAP, '.env': '\ufeffCOUCHBASE_SERVER=\nCOUCHBASE_PASSWORD=\nSG_PORT=\nMAX_FDS=\n' });
    const r = await runCli(['lint', 'sg.json', '--format', 'json', '--env-file', '.env'], dir);
    expect(findings(r.stdout).filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('the tool config names env files once (paths relative to it)', async () => {
    const dir = folder({ 'sg.json': BOOTSTRAP, 'deploy.env': 'COUCHBASE_SERVER=\nCOUCHBASE_PASSWORD=\nSG_PORT=\nMAX_FDS=\n', '.sgconfrc.json': '{"envFiles": ["deploy.env"]}' });
    const r = await runCli(['lint', 'sg.json', '--format', 'json'], dir);
    expect(r.code).toBe(0);
  });

  it('a line that is not NAME=value is an error on the env file; a missing env file is misuse', async () => {
    const dir = folder({ 'sg.json': '{"bootstrap": {"server": "couchbases://cb"}}', 'bad.env': 'OK=1\nno equals sign\n' });
    const bad = await runCli(['lint', 'sg.json', '--format', 'json', '--env-file', 'bad.env'], dir);
    expect(findings(bad.stdout).find((d) => d.rule === 'config/env-file')).toMatchObject({ line: 2, column: 1 });
    expect(bad.code).toBe(1);
    const missing = await runCli(['lint', 'sg.json', '--env-file', 'nope.env'], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nope.env');
  });

  it.each([
    ['a FIFO (it would never end)', (dir: string) => { execFileSync('mkfifo', [path.join(dir, 'x.env')]); return 'x.env'; }, 'not a regular file'],
    ['/dev/zero', () => '/dev/zero', 'not a regular file'],
    ['a folder', (dir: string) => { mkdirSync(path.join(dir, 'x.env')); return 'x.env'; }, 'this is a directory, not a file'],
    ['a file larger than 1 MiB', (dir: string) => { writeFileSync(path.join(dir, 'x.env'), 'A=1\n'.repeat(300_000)); return 'x.env'; }, 'more than the 1 MiB'],
    ['Latin-1 text', (dir: string) => { writeFileSync(path.join(dir, 'x.env'), Buffer.from([0x41, 0x3d, 0x31, 0x0a, 0x42, 0x3d, 0xe9, 0x0a])); return 'x.env'; }, 'not UTF-8 text (byte 0xE9 at line 2, column 3)'],
  ])('an env file that is %s is misuse with the reason, at once', async (_name, make, reason) => {
    const dir = folder({ 'sg.json': '{"bootstrap": {"server": "couchbases://cb"}}' });
    const r = await runCli(['lint', 'sg.json', '--env-file', make(dir)], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(reason);
  });

  it('a value from an env file never appears in a message', async () => {
    const dir = folder({ 'sg.json': '{"bootstrap": {"server": "couchbases://cb", "username": "sg", "password": "$PW"}, "api": {"https": {"tls_minimum_versoin": "$PW"}}}', '.env': 'PW=hunter2-secret\n' });
    const r = await runCli(['lint', 'sg.json', '--env-file', '.env'], dir);
    expect(r.stdout).not.toContain('hunter2-secret');
  });
});

describe('host files', () => {
  const CONFIG = JSON.stringify({ bootstrap: { server: 'couchbases://cb', ca_cert_path: '/etc/sync_gateway/tls/ca-does-not-exist-here.pem' } });

  it('an absolute path that does not exist here is an info, not an error', async () => {
    const dir = folder({ 'sg.json': CONFIG });
    const r = await runCli(['lint', 'sg.json', '--format', 'json'], dir);
    expect(findings(r.stdout).find((d) => d.rule === 'certs/file-unreadable')).toMatchObject({ severity: 'info', pointer: '/bootstrap/ca_cert_path', message: expect.stringContaining('so it was not checked') });
    expect(r.code).toBe(0);
  });

  it('--host (or host: true) says this machine is the gateway host: then it is an error', async () => {
    const dir = folder({ 'sg.json': CONFIG });
    const flag = await runCli(['lint', 'sg.json', '--format', 'json', '--host'], dir);
    expect(findings(flag.stdout).find((d) => d.rule === 'certs/file-unreadable')).toMatchObject({ severity: 'error' });
    expect(flag.code).toBe(1);
    writeFileSync(path.join(dir, '.sgconfrc.json'), '{"host": true}');
    const config = await runCli(['lint', 'sg.json', '--format', 'json'], dir);
    expect(config.code).toBe(1);
  });

  it('a function file at an absolute path: an info when linting, but build needs the file', async () => {
    const dir = folder({ 'sg.json': JSON.stringify({ databases: { db: { server: 'couchbases://cb', enable_shared_bucket_access: true, sync: '/opt/sync_gateway/functions/sync-missing.js' } } }) });
    const r = await runCli(['lint', 'sg.json', '--format', 'json'], dir);
    expect(findings(r.stdout).find((d) => d.rule === 'functions/source-not-found')).toMatchObject({ severity: 'info' });
    const host = await runCli(['lint', 'sg.json', '--format', 'json', '--host'], dir);
    expect(findings(host.stdout).find((d) => d.rule === 'functions/source-not-found')).toMatchObject({ severity: 'error' });
  });
});
