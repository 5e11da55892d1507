// What convert prints and writes for the next steps, run as a user runs them: the printed steps 2 and 3,
// pasted into one shell in the folder where convert ran, against an admin API that wants credentials (a local
// HTTP server playing the 3.x admin port); and --interactive on a real terminal (util-linux script).
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT, userEnv } from './checkout';

const work = mkdtempSync(path.join(os.tmpdir(), 'sgconf-next-steps-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const sgconf = path.join(ROOT, 'bin/sgconf.js');

const legacy = {
  databases: {
    'travel+sample': {
      server: 'couchbase://cb.internal', bucket: 'travel', username: 'sg', password: 'sg-pass',
      users: { ann: { password: 'ann-pass', admin_channels: ['a'] }, 'bob@example.com': { password: "it's \"quoted\"" } },
      roles: { editor: { admin_channels: ['e'] } },
    },
  },
};

interface Request { method: string; url: string; user: string; body: unknown }

/** Runs a command without blocking this process, which serves the admin API the command talks to. */
function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => { stdout += c; });
    child.stderr.on('data', (c) => { stderr += c; });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** A stand-in for the admin API: every request needs the admin's credentials; a database created twice is 412. */
async function adminApi(admin: string): Promise<{ url: string; requests: Request[]; close: () => void }> {
  const requests: Request[] = [];
  const created = new Set<string>();
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const user = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
      requests.push({ method: req.method!, url: req.url!, user, body: body === '' ? undefined : JSON.parse(body) });
      if (user !== admin) { res.statusCode = 401; res.end('{"error":"Unauthorized"}'); return; }
      if (/^\/[^/]+\/$/.test(req.url!) && created.has(req.url!)) { res.statusCode = 412; res.end('{"error":"Precondition Failed","reason":"Duplicate database name"}'); return; }
      created.add(req.url!);
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, requests, close: () => server.close() };
}

describe('convert: the next steps', () => {
  it('the printed steps 2 and 3, pasted into one shell where convert ran, create the roles, then the users, and ask _post_upgrade, with the admin\'s credentials', async () => {
    const project = path.join(work, 'project');
    spawnSync('mkdir', ['-p', project]);
    writeFileSync(path.join(project, 'sync_gateway.json'), JSON.stringify(legacy, null, 2));
    const converted = spawnSync('node', [sgconf, 'convert', 'sync_gateway.json', '--out', 'build/converted', '--decide', 'server-tls=tls', '--decide', 'shared-bucket-access=enable'], { cwd: project, env: userEnv(), encoding: 'utf8' });
    expect(converted.status, converted.stdout + converted.stderr).toBe(0);
    const lines = converted.stdout.split('\n');
    const exported = lines.find((l) => l.trim().startsWith('export SG_ADMIN_URL='))!.trim();
    const printed = lines.find((l) => l.includes('sh build/converted/load.sh'))!.trim();
    const curl = lines.find((l) => l.trim().startsWith('curl '))!.trim();
    expect(exported).toBe('export SG_ADMIN_URL=http://localhost:4985 SG_ADMIN_USERNAME=<admin> SG_ADMIN_PASSWORD=<password>');
    expect(printed).toBe('sh build/converted/load.sh');

    const password = 'p@ss:w"o\\rd';
    const api = await adminApi(`admin:${password}`);
    try {
      // The admin API's address as users write it, with a trailing slash.
      const setUp = exported.replace('http://localhost:4985', `${api.url}/`).replace('<admin>', 'admin').replace('<password>', `'${password}'`);
      const env = userEnv();
      const first = await run('sh', ['-c', [setUp, printed, curl].join('\n')], { cwd: project, env });
      expect(first.status, first.stdout + first.stderr).toBe(0);
      const db = JSON.parse(readFileSync(path.join(project, 'build/converted/databases/travel+sample.json'), 'utf8'));
      expect(api.requests).toEqual([
        { method: 'PUT', url: '/travel%2Bsample/', user: `admin:${password}`, body: db },
        { method: 'PUT', url: '/travel%2Bsample/_role/editor', user: `admin:${password}`, body: { name: 'editor', admin_channels: ['e'] } },
        { method: 'PUT', url: '/travel%2Bsample/_user/ann', user: `admin:${password}`, body: { name: 'ann', password: 'ann-pass', admin_channels: ['a'] } },
        { method: 'PUT', url: '/travel%2Bsample/_user/bob%40example.com', user: `admin:${password}`, body: { name: 'bob@example.com', password: "it's \"quoted\"" } },
        { method: 'POST', url: '/_post_upgrade?preview=true', user: `admin:${password}`, body: undefined },
      ]);
      api.requests.length = 0;
      const line = `${setUp}\n${printed}`;
      // A second run, from another folder, changes nothing and says so: the database exists (412), principals are upserts.
      const again = await run('sh', ['-c', line.replace('build/converted/', 'converted/')], { cwd: path.join(project, 'build'), env });
      expect(again.status, again.stdout + again.stderr).toBe(0);
      expect(again.stdout).toContain('PUT /travel%2Bsample/: 412 (already there, left as it is)');
      // Wrong credentials: the script stops at the first refusal, with the gateway's answer.
      const wrong = await run('sh', ['-c', `${exported.replace('http://localhost:4985', api.url).replace('<admin>', 'admin').replace('<password>', 'nope')}\n${printed}`], { cwd: project, env });
      expect(wrong.status).not.toBe(0);
      expect(wrong.stderr).toContain('HTTP 401: {"error":"Unauthorized"}');
      // Without credentials it says which variables it needs, and sends nothing.
      const before = api.requests.length;
      const bare = await run('sh', ['build/converted/load.sh'], { cwd: project, env: userEnv({ SG_ADMIN_URL: api.url }) });
      expect(bare.status).not.toBe(0);
      expect(bare.stderr).toContain('set SG_ADMIN_USERNAME and SG_ADMIN_PASSWORD');
      expect(api.requests.length).toBe(before);
    } finally {
      api.close();
    }
  });

  it('--interactive asks each decision on a terminal, then converts with the answers', () => {
    const dir = path.join(work, 'interactive');
    spawnSync('mkdir', ['-p', dir]);
    writeFileSync(path.join(dir, 'sync_gateway.json'), JSON.stringify({ log: ['CRUD'], databases: { db: { server: 'http://cb:8091', bucket: 'db' } } }));
    // Answers typed ahead of the questions: a wrong one, a number, a name, a number.
    const r = spawnSync('script', ['-qec', `node ${sgconf} convert sync_gateway.json --out out --interactive`, '/dev/null'], {
      cwd: dir, env: userEnv(), encoding: 'utf8', input: 'maybe\n2\ncarry\n1\n', timeout: 60_000,
    });
    expect(r.status, r.stdout).toBe(0);
    expect(r.stdout).toContain('"maybe" is not one of the choices.');
    expect(r.stdout).toContain('decisions: server-tls=clear-text, old-logging=carry, shared-bucket-access=enable');
    expect(JSON.parse(readFileSync(path.join(dir, 'out/bootstrap.json'), 'utf8'))).toMatchObject({ bootstrap: { use_tls_server: false }, logging: { console: { log_keys: ['CRUD'] } } });
  });
});
