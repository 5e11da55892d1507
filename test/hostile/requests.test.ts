// A pull request names a remote function source: sgconf asks no host the user did not list, follows no
// redirect to one, and sends no URL that holds an expanded variable (docs/security.md). Real local
// servers count the requests that arrive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from '../helpers/cli.js';

let target: http.Server;
let redirector: http.Server;
let targetPort = 0;
let redirectorPort = 0;
const seen: string[] = [];

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  target = http.createServer((request, response) => {
    seen.push(request.url ?? '');
    response.end('function (doc) { channel("fetched"); }');
  });
  targetPort = await listen(target);
  // An allowed host that sends the request on to one that is not (localhost is not 127.0.0.1 as a name).
  redirector = http.createServer((_request, response) => response.writeHead(302, { location: `http://localhost:${targetPort}/s.js` }).end());
  redirectorPort = await listen(redirector);
});

afterAll(() => {
  target.close();
  redirector.close();
});

function project(sync: string, extra: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-requests-'));
  writeFileSync(path.join(dir, 'sg.json'), JSON.stringify({ databases: { db: { server: 'couchbases://cb.example.com', bucket: 'b', enable_shared_bucket_access: true, sync } } }));
  writeFileSync(path.join(dir, 'sg.sgtest.json'), JSON.stringify({ config: 'sg.json', cases: [{ name: 'c', doc: {}, expect: { channels: ['fetched'] } }] }));
  for (const [name, text] of Object.entries(extra)) writeFileSync(path.join(dir, name), text);
  return dir;
}

function rulesOf(stdout: string): string[] {
  return JSON.parse(stdout).results[0].diagnostics.map((d: { rule: string; message: string }) => `${d.rule}: ${d.message}`);
}

describe('requests a pull request asks for', () => {
  it('a host nobody listed is never asked: lint and test say why, and nothing arrives', async () => {
    seen.length = 0;
    const dir = project(`http://127.0.0.1:${targetPort}/s.js`);
    const lint = await runCli(['lint', 'sg.json', '--format', 'json'], { cwd: dir });
    expect(rulesOf(lint.stdout)).toContainEqual(expect.stringMatching(/^functions\/remote-disabled: .*not fetched.*its host 127\.0\.0\.1:\d+ is not among the hosts allowed/));
    const test = await runCli(['test', 'sg.sgtest.json'], { cwd: dir });
    expect(test.code).toBe(1);
    expect(seen).toEqual([]);
  });

  it('a listed host is asked (--allow-host, or remoteHosts in the tool config)', async () => {
    seen.length = 0;
    const dir = project(`http://127.0.0.1:${targetPort}/s.js`);
    const test = await runCli(['test', 'sg.sgtest.json', '--allow-host', `127.0.0.1:${targetPort}`], { cwd: dir });
    expect(test.code).toBe(0);
    writeFileSync(path.join(dir, '.sgconfrc.json'), JSON.stringify({ remoteHosts: ['127.0.0.1'] }));
    expect((await runCli(['test', 'sg.sgtest.json'], { cwd: dir })).code).toBe(0);
    expect(seen.length).toBeGreaterThan(0);
  });

  it('another port of a listed host is not that host', async () => {
    seen.length = 0;
    const dir = project(`http://127.0.0.1:${targetPort}/s.js`);
    const lint = await runCli(['lint', 'sg.json', '--format', 'json', '--allow-host', `127.0.0.1:${targetPort + 1 === 65536 ? 1 : targetPort + 1}`], { cwd: dir });
    expect(rulesOf(lint.stdout).some((d) => d.startsWith('functions/remote-disabled'))).toBe(true);
    expect(seen).toEqual([]);
  });

  it('a redirect from a listed host to one that is not is not followed', async () => {
    seen.length = 0;
    const dir = project(`http://127.0.0.1:${redirectorPort}/s.js`);
    const lint = await runCli(['lint', 'sg.json', '--format', 'json', '--allow-host', `127.0.0.1:${redirectorPort}`], { cwd: dir });
    expect(rulesOf(lint.stdout)).toContainEqual(expect.stringMatching(/^functions\/remote-disabled: .*it redirects to http:\/\/localhost:\d+\/s\.js, and its host localhost:\d+ is not among/));
    expect(seen).toEqual([]);
  });

  it('a URL holding an expanded variable is never sent, even to a listed host', async () => {
    seen.length = 0;
    const dir = project(`http://127.0.0.1:${targetPort}/s.js?t=\${TOKEN}`, { '.env.ci': 'TOKEN=ghp_stolen_token_value\n' });
    for (const args of [['lint', 'sg.json', '--format', 'json'], ['test', 'sg.sgtest.json', '--format', 'json']]) {
      const run = await runCli([...args, '--allow-host', '127.0.0.1', '--env-file', '.env.ci'], { cwd: dir });
      expect(run.stdout).toContain('holds an expanded environment variable');
      expect(run.stdout).not.toContain('ghp_stolen_token_value');
    }
    expect(seen).toEqual([]);
  });

  it('an --allow-host that is not a host is misuse; a bad remoteHosts is a config/invalid error', async () => {
    const dir = project(`http://127.0.0.1:${targetPort}/s.js`);
    const misuse = await runCli(['lint', 'sg.json', '--allow-host', 'http://127.0.0.1/'], { cwd: dir });
    expect(misuse.code).toBe(2);
    expect(misuse.stderr).toContain('give a host name or address');
    writeFileSync(path.join(dir, '.sgconfrc.json'), JSON.stringify({ remoteHosts: ['*'] }));
    const invalid = await runCli(['lint', 'sg.json'], { cwd: dir });
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toContain('"remoteHosts" must be an array of host names or addresses');
  });
});
