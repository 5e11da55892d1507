// Remote function sources against real local HTTP and HTTPS servers (certificates from a CA made here with openssl).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rule as skipVerifyRule } from '../../src/rules/functions/remote-tls-skip-verify.js';
import { runRules, runStage } from './harness.js';

const SYNC = 'function(doc, oldDoc, meta) {\n  channel(doc.channels);\n}\n';
const BROKEN = 'function(doc) {\n  let x = doc.a;\n}\n';

let dir: string;
let httpServer: http.Server;
let httpsServer: https.Server;
let httpBase: string;
let httpsBase: string;
let requests: string[] = [];

function handler(request: http.IncomingMessage, response: http.ServerResponse): void {
  const url = request.url ?? '/';
  requests.push(url);
  const redirect = /^\/r\/(\d+)$/.exec(url);
  if (url === '/sync.js') {
    response.writeHead(200, { 'content-type': 'application/javascript' }).end(SYNC);
  } else if (url === '/broken.js') {
    response.writeHead(200).end(BROKEN);
  } else if (url === '/loop') {
    response.writeHead(302, { location: '/loop' }).end();
  } else if (redirect) {
    const left = Number(redirect[1]);
    response.writeHead(301, { location: left <= 1 ? '/sync.js' : `/r/${left - 1}` }).end();
  } else if (url === '/slow') {
    setTimeout(() => response.writeHead(200).end(SYNC), 3000).unref();
  } else if (url === '/big-streamed') {
    // No content-length: the cap must hold while reading.
    response.writeHead(200);
    const chunk = '/' + '*'.repeat(64 * 1024 - 2) + '\n';
    for (let i = 0; i < 20; i++) response.write(chunk);
    response.end();
  } else if (url === '/big-declared') {
    response.writeHead(200, { 'content-length': String(2 * 1024 * 1024) });
    response.end(' '.repeat(2 * 1024 * 1024));
  } else {
    response.writeHead(404).end('not here');
  }
}

function openssl(...args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

function listen(server: http.Server | https.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'sgconf-remote-'));
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=sgconf test CA');
  openssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
  writeFileSync(path.join(dir, 'san.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'san.cnf');

  httpServer = http.createServer(handler);
  httpsServer = https.createServer({ key: readFileSync(path.join(dir, 'server.key')), cert: readFileSync(path.join(dir, 'server.pem')) }, handler);
  httpBase = `http://127.0.0.1:${await listen(httpServer)}`;
  httpsBase = `https://127.0.0.1:${await listen(httpsServer)}`;
});

afterAll(() => {
  httpServer?.closeAllConnections();
  httpsServer?.closeAllConnections();
  httpServer?.close();
  httpsServer?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const legacy = (sync: string, unsupported?: object) => ({ databases: { db: { bucket: 'b', sync, ...(unsupported ? { unsupported } : {}) } } });

describe('remote function sources', () => {
  it('fetches a function over http and checks it', async () => {
    const { functions, diagnostics } = await runStage('legacy', legacy(`${httpBase}/sync.js`), { remote: true, allowedHosts: ['127.0.0.1', 'sgconf-test.invalid'] });
    expect(diagnostics).toEqual([]);
    expect(functions[0]).toMatchObject({ origin: 'url', location: `${httpBase}/sync.js`, source: SYNC });
    expect(functions[0]!.functionNode).not.toBeNull();
  });

  it('reports problems inside a remote source in that source, with its text', async () => {
    const { diagnostics } = await runStage('legacy', legacy(`${httpBase}/broken.js`), { remote: true, allowedHosts: ['127.0.0.1', 'sgconf-test.invalid'] });
    expect(diagnostics).toEqual([expect.objectContaining({
      rule: 'functions/es2015-syntax', file: `${httpBase}/broken.js`, fileText: BROKEN,
      span: { start: BROKEN.indexOf('let'), end: BROKEN.indexOf('let') + 3 },
    })]);
    expect(diagnostics[0]!.message).toContain('from URL');
  });

  it('reports a 404 with the status text', async () => {
    const { diagnostics } = await runStage('legacy', legacy(`${httpBase}/missing.js`), { remote: true, allowedHosts: ['127.0.0.1', 'sgconf-test.invalid'] });
    expect(diagnostics).toEqual([expect.objectContaining({ rule: 'functions/load-failed', severity: 'error', pointer: '/databases/db/sync' })]);
    expect(diagnostics[0]!.message).toContain('404 Not Found');
  });

  it('follows up to 5 redirects', async () => {
    const { diagnostics, functions } = await runStage('legacy', legacy(`${httpBase}/r/5`), { remote: true, allowedHosts: ['127.0.0.1', 'sgconf-test.invalid'] });
    expect(diagnostics).toEqual([]);
    expect(functions[0]!.source).toBe(SYNC);
  });

  it('stops after 5 redirects', async () => {
    const six = await runStage('legacy', legacy(`${httpBase}/r/6`), { remote: true, allowedHosts: ['127.0.0.1', 'sgconf-test.invalid'] });
    expect(six.diagnostics.map((d) => d.message).join()).toContain('too many redirects');
    const loop = await runStage('legacy', legacy(`${httpBase}/loop`), { remote: true, allowedHosts: ['127.0.0.1', 'sgconf-test.invalid'] });
    expect(loop.diagnostics).toEqual([expect.objectContaining({ rule: 'functions/load-failed' })]);
    expect(loop.diagnostics[0]!.message).toContain('too many redirects (more than 5)');
  });

  it('times out on a slow server', async () => {
    const started = Date.now();
    const { diagnostics } = await runStage('legacy', legacy(`${httpBase}/slow`), { remote: true, allowedHosts: ['127.0.0.1', 'sgconf-test.invalid'], timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(2500);
    expect(diagnostics).toEqual([expect.objectContaining({ rule: 'functions/load-failed', severity: 'error' })]);
    expect(diagnostics[0]!.message).toContain('timed out after 300 ms');
  });

  it('refuses a body over 1 MiB, declared or streamed', async () => {
    for (const url of [`${httpBase}/big-declared`, `${httpBase}/big-streamed`]) {
      const { diagnostics } = await runStage('legacy', legacy(url), { remote: true, allowedHosts: ['127.0.0.1', 'sgconf-test.invalid'] });
      expect(diagnostics).toEqual([expect.objectContaining({ rule: 'functions/load-failed' })]);
      expect(diagnostics[0]!.message).toContain('larger than 1 MiB');
    }
  });

  it('reports a refused connection and an unknown host', async () => {
    const closed = http.createServer();
    const port = await listen(closed);
    closed.close();
    const refused = await runStage('legacy', legacy(`http://127.0.0.1:${port}/sync.js`), { remote: true, allowedHosts: ['127.0.0.1', 'sgconf-test.invalid'] });
    expect(refused.diagnostics[0]!.message).toContain('connection refused');
    const dns = await runStage('legacy', legacy('http://sgconf-test.invalid/sync.js'), { remote: true, allowedHosts: ['127.0.0.1', 'sgconf-test.invalid'], timeoutMs: 5000 });
    expect(dns.diagnostics).toEqual([expect.objectContaining({ rule: 'functions/load-failed' })]);
    expect(dns.diagnostics[0]!.message).toMatch(/cannot resolve the host name sgconf-test\.invalid|timed out/);
  });

  it('rejects a certificate from an unknown CA and names the skip option', async () => {
    const { diagnostics, functions } = await runStage('legacy', legacy(`${httpsBase}/sync.js`), { remote: true, allowedHosts: ['127.0.0.1', 'sgconf-test.invalid'] });
    expect(functions[0]!.source).toBeNull();
    expect(diagnostics).toEqual([expect.objectContaining({ rule: 'functions/load-failed', severity: 'error' })]);
    expect(diagnostics[0]!.message).toContain('TLS certificate verification failed');
    expect(diagnostics[0]!.detail).toContain('unsupported.remote_config_tls_skip_verify');
    expect(diagnostics[0]!.detail).toContain('caFiles');
  });

  it('trusts the server through caFiles', async () => {
    const { diagnostics, functions } = await runStage('legacy', legacy(`${httpsBase}/sync.js`), { remote: true, allowedHosts: ['127.0.0.1', 'sgconf-test.invalid'], caFiles: [path.join(dir, 'ca.pem')] });
    expect(diagnostics).toEqual([]);
    expect(functions[0]!.source).toBe(SYNC);
  });

  it('skips verification for a database with remote_config_tls_skip_verify, with a warning', async () => {
    const config = legacy(`${httpsBase}/sync.js`, { remote_config_tls_skip_verify: true });
    const { diagnostics, functions } = await runStage('legacy', config, { remote: true, allowedHosts: ['127.0.0.1', 'sgconf-test.invalid'] });
    expect(diagnostics).toEqual([]);
    expect(functions[0]).toMatchObject({ source: SYNC, tlsSkipVerify: true });
    expect(runRules('legacy', config, functions, [skipVerifyRule])).toEqual([expect.objectContaining({
      rule: 'functions/remote-tls-skip-verify', severity: 'warning', pointer: '/databases/db/unsupported/remote_config_tls_skip_verify',
    })]);
  });

  it('makes no request with remote off, and says so', async () => {
    requests = [];
    const { diagnostics, functions } = await runStage('legacy', legacy(`${httpBase}/sync.js`), { remote: false });
    expect(requests).toEqual([]);
    expect(functions[0]).toMatchObject({ origin: 'url', source: null });
    expect(diagnostics).toEqual([expect.objectContaining({ rule: 'functions/remote-disabled', severity: 'info', pointer: '/databases/db/sync' })]);
  });

  it('fetches each URL once per run', async () => {
    requests = [];
    const url = `${httpBase}/sync.js`;
    const fetchCache = new Map<string, Promise<unknown>>();
    const config = { databases: { a: { sync: url, import_filter: `${httpBase}/missing.js` }, b: { sync: url } } };
    await runStage('legacy', config, { remote: true, allowedHosts: ['127.0.0.1', 'sgconf-test.invalid'], fetchCache });
    await runStage('legacy', legacy(url), { remote: true, allowedHosts: ['127.0.0.1', 'sgconf-test.invalid'], fetchCache });
    expect(requests.filter((r) => r === '/sync.js')).toEqual(['/sync.js']);
  });
});
