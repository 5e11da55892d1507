// Remote function sources under attack, against a local server: each ends within the configured time
// with a reason that says which, and memory stays bounded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as http from 'node:http';
import * as net from 'node:net';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import * as https from 'node:https';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fetchFunctionSource } from '../../src/functions/fetch.js';
import { silentServer, type SilentServer } from '../helpers/silent-server.js';

let server: http.Server;
let silent: SilentServer;
let base = '';
let silentBase = '';
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  const bomb = gzipSync(Buffer.alloc(200 * 1024 * 1024, 0x20)); // 200 MB of spaces, about 200 KB gzipped
  server = http.createServer((request, response) => {
    switch (request.url) {
      case '/drip': {
        // Headers at once, then one byte a second: only the total deadline ends it.
        response.writeHead(200);
        const timer = setInterval(() => response.write('/'), 1000);
        response.on('close', () => clearInterval(timer));
        break;
      }
      case '/huge': {
        response.writeHead(200);
        const chunk = Buffer.alloc(1024 * 1024, 0x2f);
        let sent = 0;
        const pump = () => {
          while (sent < 100 && response.write(chunk)) sent++;
          if (sent < 100) response.once('drain', pump);
          else response.end();
        };
        pump();
        break;
      }
      case '/to-ftp':
        response.writeHead(302, { location: 'ftp://files.example/sync.js' }).end();
        break;
      case '/gzip-bomb':
        response.writeHead(200, { 'content-encoding': 'gzip', 'content-length': String(bomb.length) }).end(bomb);
        break;
      case '/error':
        response.writeHead(500).end('boom');
        break;
      case '/loop':
        response.writeHead(302, { location: '/loop' }).end();
        break;
      case '/slow-loop':
        // Each hop answers in time; only a deadline over the whole chain ends it.
        setTimeout(() => response.writeHead(307, { location: '/slow-loop' }).end(), 300);
        break;
      case '/gzip':
        response.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('function (doc) { channel(doc.channels); }'));
        break;
      case '/brotli':
        response.writeHead(200, { 'content-encoding': 'br' }).end('not really brotli');
        break;
      default:
        response.writeHead(404).end();
    }
  });
  server.on('connection', (s) => sockets.add(s));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  silent = await silentServer();
  silentBase = silent.base;
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => server.close(resolve));
  await silent.close();
});

const TIMEOUT = 1500;
const options = { timeoutMs: TIMEOUT, caFiles: [], skipVerify: false, allowedHosts: ['127.0.0.1'] };

/** An HTTPS server with a certificate made here by openssl: self-signed, or from a CA but expired. */
async function tlsServer(selfSigned: boolean): Promise<{ url: string; ca: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-tls-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '30', '-subj', '/CN=sgconf test CA');
  if (selfSigned) {
    run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'srv.key', '-out', 'srv.pem', '-days', '30', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1');
  } else {
    // Signed by the CA, but valid until yesterday: -days -1 puts notAfter before now.
    run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'srv.key', '-out', 'srv.csr', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1');
    run('x509', '-req', '-in', 'srv.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'srv.pem', '-days', '-1', '-copy_extensions', 'copy');
  }
  const tlsServer = https.createServer({ key: readFileSync(path.join(dir, 'srv.key')), cert: readFileSync(path.join(dir, 'srv.pem')) }, (_request, response) => response.end('function (doc) {}'));
  await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(tlsServer.address() as AddressInfo).port}/sync.js`,
    ca: path.join(dir, 'ca.pem'),
    close: () => new Promise((resolve) => tlsServer.close(() => resolve())),
  };
}

describe('remote sources under attack', () => {
  it('an expired certificate (from a trusted CA) is refused and named', async () => {
    const server = await tlsServer(false);
    try {
      const result = await fetchFunctionSource(server.url, { ...options, caFiles: [server.ca] });
      expect(result.ok ? '' : result.reason).toMatch(/TLS certificate verification failed: .*expired.*CERT_HAS_EXPIRED/i);
    } finally {
      await server.close();
    }
  });

  it('a self-signed certificate is refused and named', async () => {
    const server = await tlsServer(true);
    try {
      const result = await fetchFunctionSource(server.url, options);
      expect(result.ok ? '' : result.reason).toMatch(/TLS certificate verification failed: .*self.signed/i);
    } finally {
      await server.close();
    }
  });

  it.each([
    ['never answers', () => `${silentBase}/sync.js`, /^timed out after 1500 ms \(tool config remoteTimeoutMs\) waiting for 127.0.0.1:\d+ to answer \(connected, no response\)$/],
    ['answers one byte a second', () => `${base}/drip`, /^timed out after 1500 ms \(tool config remoteTimeoutMs\) reading the response \([12] bytes received so far: the server sends too slowly\)$/],
    ['sends 100 MB', () => `${base}/huge`, /^the response is larger than 1 MiB$/],
    ['redirects to another scheme', () => `${base}/to-ftp`, /unsupported protocol ftp:/],
    ['answers 500', () => `${base}/error`, /^500 Internal Server Error$/],
    ['answers 404', () => `${base}/missing.js`, /^404 Not Found$/],
    ['redirects in a loop', () => `${base}/loop`, /^too many redirects \(more than 5\)/],
    ['redirects in a slow loop (each hop in time, the whole chain not)', () => `${base}/slow-loop`, /^timed out after 1500 ms \(tool config remoteTimeoutMs\) (while following redirects \([1-4] so far\)|(connecting to|waiting for) 127.0.0.1:\d+.*, after [1-4] redirects?)$/],
    ['compresses with an encoding the gateway does not decode', () => `${base}/brotli`, /Content-Encoding br, which the gateway does not decode/],
  ])('%s: ends in time with a reason', async (_name, url, reason) => {
    const started = performance.now();
    const before = process.memoryUsage().rss;
    const result = await fetchFunctionSource(url(), options);
    expect(performance.now() - started).toBeLessThan(TIMEOUT + 3000);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toMatch(reason);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('a compressed bomb (gzip Content-Encoding) is inflated only up to the size cap, and refused', async () => {
    const started = performance.now();
    const before = process.memoryUsage().rss;
    const result = await fetchFunctionSource(`${base}/gzip-bomb`, options);
    expect(performance.now() - started).toBeLessThan(TIMEOUT + 3000);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
    expect(result.ok ? '' : result.reason).toBe('the gzip-compressed response inflates to more than 1 MiB');
  });

  it('a gzip-compressed function is read inflated, as the gateway\'s client reads it', async () => {
    const result = await fetchFunctionSource(`${base}/gzip`, options);
    expect(result.ok ? result.body : result.reason).toBe('function (doc) { channel(doc.channels); }');
  });
});
