// sgconf convert through the CLI entry point (main with a captured CliIO), on real files in a temp folder.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import { silentServer } from '../helpers/silent-server.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sgconf-cli-convert-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function sgconf(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; }, cwd: dir, env: { SECRET_PW: 'from-env' }, isTTY: false };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

const legacy = {
  interface: ':4984',
  AdminUI: 'admin.html',
  databases: {
    db: { server: 'couchbases://cb1', bucket: 'b', username: 'sg', password: 'hunter2', sync: 'sync.js', enable_shared_bucket_access: true, users: { GUEST: { disabled: true }, ann: { password: 'annpw' } } },
    db2: { server: 'couchbases://cb1', username: 'other', password: '${SECRET_PW}', enable_shared_bucket_access: true },
  },
};

async function write(name: string, value: unknown): Promise<string> {
  await fs.writeFile(path.join(dir, name), typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return name;
}

describe('sgconf convert', () => {
  it('--help prints the usage', async () => {
    const { code, stdout } = await sgconf('convert', '--help');
    expect(code).toBe(0);
    expect(stdout).toContain('--in-place');
    expect(stdout).toContain('--expand-env');
  });

  it.each([
    [[]],
    [['a.json', '--bogus']],
    [['a.json']],
    [['a.json', '--out', 'x', '--in-place']],
    [['a.json', '--out', 'x', '--format', 'sarif']],
    [['a.json', 'b.json', '--out', 'x']],
  ])('misuse %j exits 2', async (args) => {
    const { code, stderr } = await sgconf('convert', ...args);
    expect(code).toBe(2);
    expect(stderr).toMatch(/sgconf convert:/);
  });

  it('converts, writes the files, and prints a summary with next steps', async () => {
    await write('sync.js', 'function (doc) { channel(doc.channels); }');
    const input = await write('sync_gateway.json', legacy);
    // "${SECRET_PW}" is meant for 3.x to expand (2.8 read it as text): the environment-references decision.
    const { code, stdout } = await sgconf('convert', input, '--out', 'out', '--decide', 'environment-references=references');
    expect(code).toBe(0);
    const bootstrap = JSON.parse(await fs.readFile(path.join(dir, 'out/bootstrap.json'), 'utf8'));
    expect(bootstrap.bootstrap).toEqual({ server: 'couchbases://cb1', username: 'sg', password: 'hunter2' });
    expect(bootstrap.database_credentials).toEqual({ db2: { username: 'other', password: '${SECRET_PW}' } });
    const db = JSON.parse(await fs.readFile(path.join(dir, 'out/databases/db.json'), 'utf8'));
    expect(db.sync).toBe('function (doc) { channel(doc.channels); }');
    expect(db.guest).toEqual({ disabled: true });
    const principals = JSON.parse(await fs.readFile(path.join(dir, 'out/principals/db.json'), 'utf8'));
    expect(principals).toEqual({ users: { ann: { password: 'annpw' } }, roles: {} });
    expect((await fs.stat(path.join(dir, 'out/bootstrap.json'))).mode & 0o777).toBe(0o600);
    expect(stdout).toContain('2 databases (db, db2)');
    expect(stdout).toContain('database_credentials for db2');
    expect(stdout).toContain('dropped: AdminUI');
    expect(stdout).toContain('export SG_ADMIN_URL=http://localhost:4985 SG_ADMIN_USERNAME=<admin> SG_ADMIN_PASSWORD=<password>\n     sh out/load.sh');
    expect(stdout).toContain('decisions: environment-references=references');
    // The references it keeps are the deployment's to set, and lint's to be told of.
    expect(stdout).toMatch(/The configs keep references to \$[A-Z_]+(, \$[A-Z_]+)*: set them where the gateway runs/);
    expect(JSON.parse(await fs.readFile(path.join(dir, 'out/decisions.json'), 'utf8'))['environment-references'].choice).toBe('references');
    expect((await fs.stat(path.join(dir, 'out/load.sh'))).mode & 0o777).toBe(0o600);
    expect(stdout).toContain('_post_upgrade?preview=true');
    expect(stdout).toContain('inlined from the file sync.js');
    expect(stdout).not.toContain('hunter2');
  });

  it('refuses a config that cannot start after conversion: exit 1, nothing written', async () => {
    const input = await write('old.json', { databases: { db: { server: 'http://cb1:8091', bucket: 'b' } } });
    const { code, stdout } = await sgconf('convert', input, '--out', 'out');
    expect(code).toBe(1);
    expect(stdout).toMatch(/TLS/);
    expect(stdout).toContain('nothing was written');
    await expect(fs.stat(path.join(dir, 'out'))).rejects.toThrow(/ENOENT/);
  });

  it('places the converter\'s findings at the field in the input, keys as written and bare references kept', async () => {
    await write('sync.js', 'function (doc) {}');
    const input = await write('sg.json', '{\n  "databases": {\n    "db": { "Server": "couchbases://cb1", "offline": $OFF, "Sync": "sync.js" },\n    "db2": { "SERVER": "couchbases://cb1", "Username": "other", "password": "pw" }\n  }\n}\n');
    const { code, stdout } = await sgconf('convert', input, '--out', 'out', '--format', 'json', '--target', '3.3');
    expect(code).toBe(0);
    const credentials = JSON.parse(stdout).results[0].diagnostics.find((d: { rule: string }) => d.rule === 'convert/credentials');
    expect(credentials).toMatchObject({ pointer: '/databases/db2/Username', line: 4, column: 56 });
    const inlined = JSON.parse(stdout).results[0].diagnostics.find((d: { rule: string }) => d.rule === 'convert/function-source');
    expect(inlined).toMatchObject({ pointer: '/databases/db/Sync', line: 3, column: 68 });
    const db = await fs.readFile(path.join(dir, 'out/databases/db.json'), 'utf8');
    expect(db).toContain('"offline": $OFF');
    expect(db).toContain('"sync": "function (doc) {}"');
  });

  it('refuses a 3.x config rather than copying it', async () => {
    const input = await write('bootstrap.json', { bootstrap: { server: 'couchbases://cb1' } });
    const { code, stdout } = await sgconf('convert', input, '--out', 'out', '--format', 'json');
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report.results[0].file).toBe('bootstrap.json');
    expect(report.results[0].diagnostics.map((d: { rule: string }) => d.rule)).toEqual(['convert/not-legacy']);
    expect(report.errorCount).toBe(1);
  });

  it('--format json prints the lint document only, with the target', async () => {
    const input = await write('sg.json', legacy);
    await write('sync.js', 'function (doc) {}');
    const { code, stdout } = await sgconf('convert', input, '--out', 'out', '--format', 'json', '--decide', 'environment-references=references');
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.target).toBe('4.1');
    expect(report.results).toHaveLength(1);
    expect(report.results[0]).toMatchObject({ file: 'sg.json', kind: 'legacy' });
    expect(report.results[0].diagnostics.some((d: { rule: string }) => d.rule === 'convert/function-source')).toBe(true);
  });

  it('a database without shared bucket access: a decision for 4.x (turn it on, or convert for 3.3), converted (false) for 3.x', async () => {
    const input = await write('sg.json', { databases: { db: { server: 'couchbases://cb1', bucket: 'b' } } });
    const for41 = await sgconf('convert', input, '--out', 'out41', '--format', 'json');
    expect(for41.code).toBe(1);
    const result = JSON.parse(for41.stdout).results[0];
    expect(result.decisions).toEqual([{
      id: 'shared-bucket-access', question: expect.stringContaining('"db" runs without shared bucket access'),
      choices: [{ id: 'enable', effect: expect.stringContaining('no way back') }, { id: 'keep-off', effect: expect.stringContaining('Sync Gateway 3.3') }],
      source: expect.stringContaining('rest/server_context.go@4.0.7'),
    }]);
    expect(result.diagnostics.find((d: { rule: string }) => d.rule === 'convert/decision-needed')).toMatchObject({ severity: 'error', pointer: '/databases/db' });
    await expect(fs.stat(path.join(dir, 'out41'))).rejects.toThrow();
    const enabled = await sgconf('convert', input, '--out', 'out41', '--decide', 'shared-bucket-access=enable');
    expect(enabled.code).toBe(0);
    expect(JSON.parse(await fs.readFile(path.join(dir, 'out41/databases/db.json'), 'utf8')).enable_shared_bucket_access).toBe(true);
    const keptOff = await sgconf('convert', input, '--out', 'out-off', '--decide', 'shared-bucket-access=keep-off');
    expect(keptOff.code).toBe(0);
    expect(keptOff.stdout).toContain('for Sync Gateway 3.3');
    expect(JSON.parse(await fs.readFile(path.join(dir, 'out-off/databases/db.json'), 'utf8')).enable_shared_bucket_access).toBe(false);
    const for33 = await sgconf('convert', input, '--out', 'out33', '--target', '3.3');
    expect(for33.code).toBe(0);
    expect(for33.stdout).toContain('for Sync Gateway 3.3');
    expect(JSON.parse(await fs.readFile(path.join(dir, 'out33/databases/db.json'), 'utf8')).enable_shared_bucket_access).toBe(false);
  });

  it('security advice and files on the gateway host are reported with the conversion, not a refusal', async () => {
    const input = await write('sg.json', {
      adminInterface: '0.0.0.0:4985', admin_interface_authentication: false,
      SSLCert: '/etc/sync_gateway/tls/cert.pem', SSLKey: '/etc/sync_gateway/tls/key.pem',
      databases: { db: { server: 'couchbases://cb1', bucket: 'b', enable_shared_bucket_access: true } },
    });
    const { code, stdout } = await sgconf('convert', input, '--out', 'out', '--format', 'json');
    expect(code).toBe(0);
    const rules = JSON.parse(stdout).results[0].diagnostics.map((d: { rule: string; severity: string }) => `${d.rule} ${d.severity}`);
    expect(rules).toContain('certs/file-unreadable info');
    expect(rules).toContain('security/interface-authentication error');
    expect(JSON.parse(await fs.readFile(path.join(dir, 'out/bootstrap.json'), 'utf8')).api.https).toEqual({ tls_cert_path: '/etc/sync_gateway/tls/cert.pem', tls_key_path: '/etc/sync_gateway/tls/key.pem' });
  });

  it('--dry-run writes nothing and redacts secrets', async () => {
    await write('sync.js', 'function (doc) {}');
    const input = await write('sg.json', legacy);
    const { code, stdout } = await sgconf('convert', input, '--out', 'out', '--dry-run', '--decide', 'environment-references=references');
    expect(code).toBe(0);
    expect(stdout).toContain('--- out/bootstrap.json');
    expect(stdout).toContain('"password": "<redacted>"');
    expect(stdout).toContain('"password": "${SECRET_PW}"');
    expect(stdout).not.toContain('hunter2');
    expect(stdout).not.toContain('annpw');
    expect(stdout).toContain('nothing was written');
    await expect(fs.stat(path.join(dir, 'out'))).rejects.toThrow(/ENOENT/);
  });

  it('--in-place backs the original up and replaces it with the bootstrap config', async () => {
    await write('sync.js', 'function (doc) {}');
    const input = await write('sync_gateway.json', legacy);
    const before = await fs.readFile(path.join(dir, input));
    const { code, stdout } = await sgconf('convert', input, '--in-place', '--decide', 'environment-references=references');
    expect(code).toBe(0);
    const names = await fs.readdir(dir);
    const backup = names.find((n) => /^sync_gateway-backup-\d+\.json$/.test(n));
    expect(backup).toBeDefined();
    expect((await fs.readFile(path.join(dir, backup!))).equals(before)).toBe(true);
    expect(JSON.parse(await fs.readFile(path.join(dir, input), 'utf8')).bootstrap.server).toBe('couchbases://cb1');
    expect(names).toEqual(expect.arrayContaining(['databases', 'principals', 'load.sh', 'decisions.json']));
    expect(stdout).toContain(`original backed up as ${backup}`);
  });

  it('a non-empty --out needs --force', async () => {
    await write('sync.js', 'function (doc) {}');
    const input = await write('sg.json', legacy);
    await fs.mkdir(path.join(dir, 'out'));
    await fs.writeFile(path.join(dir, 'out/keep'), 'x');
    const refused = await sgconf('convert', input, '--out', 'out', '--decide', 'environment-references=references');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/not empty/);
    expect(await fs.readdir(path.join(dir, 'out'))).toEqual(['keep']);
    expect((await sgconf('convert', input, '--out', 'out', '--force', '--decide', 'environment-references=references')).code).toBe(0);
  });

  it('--group-id sets bootstrap.group_id; --expand-env resolves references', async () => {
    await write('sync.js', 'function (doc) {}');
    const input = await write('sg.json', legacy);
    expect((await sgconf('convert', input, '--out', 'out', '--group-id', 'blue', '--expand-env', '--pass-env', 'SECRET_PW')).code).toBe(0);
    const bootstrap = JSON.parse(await fs.readFile(path.join(dir, 'out/bootstrap.json'), 'utf8'));
    expect(bootstrap.bootstrap.group_id).toBe('blue');
    expect(bootstrap.database_credentials.db2.password).toBe('from-env');
  });

  it('a token-only URL (https://TOKEN@host) is redacted in --dry-run and its file is written 0600', async () => {
    const input = await write('sg.json', { databases: { db: { server: 'couchbases://cb1', bucket: 'b', enable_shared_bucket_access: true,
      replications: { r1: { remote: 'https://tok3nvalue9876543210@other.example/db', direction: 'push', replication_id: 'r1' } } } } });
    const dry = await sgconf('convert', input, '--out', 'out', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).not.toContain('tok3nvalue9876543210');
    expect(dry.stdout).toContain('https://<redacted>@other.example/db');
    const real = await sgconf('convert', input, '--out', 'out');
    expect(real.code).toBe(0);
    expect(real.stdout).not.toContain('tok3nvalue9876543210');
    expect((await fs.stat(path.join(dir, 'out/databases/db.json'))).mode & 0o777).toBe(0o600);
  });

  it('reads numbers as lint does: one lint refuses stops the conversion; the others are written as the source wrote them', async () => {
    const base = '{"ServerReadTimeout": 30, "databases": {"db": {"server": "couchbases://cb1", "bucket": "b", "enable_shared_bucket_access": true, "compact_interval_days": 0.10000000000000000001%s}}}';
    const refused = await sgconf('convert', await write('big.json', base.replace('%s', ', "revs_limit": 9007199254740993')), '--out', 'out', '--format', 'json');
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).results[0].diagnostics.map((d: { rule: string }) => d.rule)).toContain('schema/range');
    await expect(fs.stat(path.join(dir, 'out'))).rejects.toThrow();

    const ok = await sgconf('convert', await write('sg.json', base.replace('%s', '')), '--out', 'out');
    expect(ok.code, ok.stdout).toBe(0);
    expect(ok.stdout).not.toContain('convert/env-reference');
    expect(JSON.parse(await fs.readFile(path.join(dir, 'out/bootstrap.json'), 'utf8')).api).toEqual({ server_read_timeout: '30s' });
    expect(await fs.readFile(path.join(dir, 'out/databases/db.json'), 'utf8')).toContain('"compact_interval_days": 0.10000000000000000001\n');
  });

  it('a misspelt field holding an environment reference is refused as lint refuses it (only findings about the reference\'s value are set aside)', async () => {
    const input = await write('sg.json', '{"ServerReadTimeoutt": $TIMEOUT, "databases": {"db": {"server": "couchbases://cb1", "bucket": "b", "enable_shared_bucket_access": true, "revs_limit": $REVS}}}');
    const r = await sgconf('convert', input, '--out', 'out', '--format', 'json');
    expect(r.code).toBe(1);
    const found = JSON.parse(r.stdout).results[0].diagnostics.map((d: { rule: string; pointer: string }) => `${d.rule} ${d.pointer}`);
    expect(found).toContain('schema/unknown-field /ServerReadTimeoutt');
    // Lint's findings about the value are set aside (known only when the gateway runs); the converter says how it writes it.
    expect(found.filter((d: string) => d.endsWith('/revs_limit'))).toEqual(['convert/env-reference /databases/db/revs_limit']);
  });

  it.each([
    ['--no-remote', ['--no-remote']],
    ['the tool config\'s remote: false', []],
  ])('%s: no request is made, and the refusal says the URL was not fetched because remote sources are off', async (_name, flags) => {
    const http = await import('node:http');
    let requests = 0;
    const server = http.createServer((_q, r) => { requests++; r.end('function (doc) {}'); });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as { port: number }).port;
      if (flags.length === 0) await write('.sgconfrc.json', { remote: false });
      const input = await write('sg.json', { databases: { db: { server: 'couchbases://cb1', bucket: 'b', enable_shared_bucket_access: true, sync: `http://127.0.0.1:${port}/sync.js` } } });
      const r = await sgconf('convert', input, '--out', 'out', '--format', 'json', ...flags);
      expect(r.code).toBe(1);
      expect(requests).toBe(0);
      const refusal = JSON.parse(r.stdout).results[0].diagnostics.find((d: { rule: string; severity: string }) => d.rule === 'convert/function-source' && d.severity === 'error');
      expect(refusal.message).toMatch(/names the url "http:\/\/127\.0\.0\.1:\d+\/sync\.js", which cannot be read$/);
      expect(refusal.detail).toBe("It was not fetched: remote sources are turned off by --no-remote or the tool config's remote: false. A persisted config must hold the function itself, so the URL must be fetched when converting.");
      if (flags.length > 0) {
        // Without the flag the same config is fetched and converted.
        expect((await sgconf('convert', input, '--out', 'out2', '--allow-host', '127.0.0.1')).code).toBe(0);
        expect(requests).toBe(1);
      }
    } finally {
      server.close();
    }
  });

  it('a password with an environment reference is never quoted: the warning about principals names where, not what', async () => {
    const input = await write('sg.json', { databases: { db: { server: 'couchbases://cb1', bucket: 'b', enable_shared_bucket_access: true, users: { ann: { password: 's3cr${PW_PART:-x}etPw99' } } } } });
    for (const format of ['stylish', 'json']) {
      const r = await sgconf('convert', input, '--dry-run', '--format', format, '--decide', 'environment-references=references');
      expect(r.code).toBe(0);
      expect(r.stdout).not.toMatch(/s3cr|etPw99/);
      expect(r.stdout).toContain('principals/db.json keeps environment references');
      expect(r.stdout).toContain('They are at users/ann/password.');
    }
  });

  it('a password written with $$ is written as the gateway read it, with one $ (the _user endpoint expands nothing), and no warning', async () => {
    const input = await write('sg.json', { databases: { db: { server: 'couchbases://cb1', bucket: 'b', enable_shared_bucket_access: true, users: { ann: { password: 's3cr$$etPw99', admin_channels: ['$$price'] } } } } });
    const r = await sgconf('convert', input, '--out', 'out-dollars', '--format', 'json', '--decide', 'environment-references=references');
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('principals/db.json keeps');
    const principals = JSON.parse(await fs.readFile(path.join(dir, 'out-dollars', 'principals', 'db.json'), 'utf8'));
    expect(principals.users.ann).toEqual({ password: 's3cr$etPw99', admin_channels: ['$price'] });
  });
});

describe('convert: the tool config\'s remoteTimeoutMs', () => {
  it('bounds a fetch from a server that never answers', async () => {
    const silent = await silentServer();
    try {
      const url = `${silent.base}/sync.js`;
      await write('.sgconfrc.json', { remoteTimeoutMs: 300, remoteHosts: ['127.0.0.1'] });
      await write('sg.json', { databases: { db: { server: 'couchbases://cb1', bucket: 'b', enable_shared_bucket_access: true, sync: url } } });
      const started = Date.now();
      const r = await sgconf('convert', 'sg.json', '--out', 'out');
      expect(Date.now() - started).toBeLessThan(5000);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/timed out after 300 ms \(tool config remoteTimeoutMs\) waiting for 127\.0\.0\.1:\d+ to answer/);
    } finally {
      await silent.close();
    }
  });
});
