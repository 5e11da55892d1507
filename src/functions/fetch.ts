// Fetch a remote function source with Node's own http/https clients: bounded time, bounded size,
// bounded redirects, TLS verified against the system roots plus the tool config's CA files.
import * as http from 'node:http';
import * as https from 'node:https';
import * as tls from 'node:tls';
import { createGunzip } from 'node:zlib';
import { readRegularFile } from '../fs-async.js';
import { hostRefusal } from './hosts.js';
import { withoutCredentials } from './handlers.js';

const MAX_BODY_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 5;
/** A file of CA certificates is a few KB; a link to /dev/zero must not be read whole. */
const MAX_CA_FILE_BYTES = 1024 * 1024;

export interface FetchOptions {
  timeoutMs: number;
  /** PEM files of extra trusted certificate authorities. */
  caFiles: string[];
  /** Skip certificate verification (the database's unsupported.remote_config_tls_skip_verify). */
  skipVerify: boolean;
  /** Hosts a redirect may lead to (the first URL's host was checked by the caller). */
  allowedHosts: readonly string[];
}

export type FetchResult =
  | { ok: true; body: string; finalUrl: string }
  | { ok: false; reason: string; tls: boolean; refused?: true };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** GET a URL; never rejects: failures come back as `{ ok: false, reason }`. */
export async function fetchFunctionSource(url: string, options: FetchOptions): Promise<FetchResult> {
  let ca: string[] | undefined;
  if (options.caFiles.length > 0) {
    try {
      ca = [...tls.rootCertificates, ...(await Promise.all(options.caFiles.map(async (f) => (await readRegularFile(f, MAX_CA_FILE_BYTES)).toString('utf8'))))];
    } catch (error) {
      return { ok: false, reason: `cannot read a CA file of the tool config (caFiles): ${(error as Error).message}`, tls: false };
    }
  }
  const deadline = Date.now() + options.timeoutMs;
  let current = url;
  for (let redirects = 0; ; redirects++) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return timedOut(options.timeoutMs, `while following redirects (${redirects} so far)`);
    const step = await getOnce(current, remaining, options, ca, redirects);
    if (step.kind === 'failed') return step.result;
    if (step.kind === 'redirect') {
      if (redirects >= MAX_REDIRECTS) {
        return { ok: false, reason: `too many redirects (more than ${MAX_REDIRECTS}); last one to ${step.location}`, tls: false };
      }
      const next = new URL(step.location);
      // Another scheme is refused by the next step itself, with its own reason.
      const refusal = next.protocol === 'http:' || next.protocol === 'https:' ? hostRefusal(next, options.allowedHosts) : null;
      if (refusal) return { ok: false, reason: `it redirects to ${withoutCredentials(next.toString())}, and ${refusal}`, tls: false, refused: true };
      current = step.location;
      continue;
    }
    return { ok: true, body: step.body, finalUrl: current };
  }
}

type Step =
  | { kind: 'body'; body: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'failed'; result: FetchResult };

function getOnce(url: string, timeoutMs: number, options: FetchOptions, ca: string[] | undefined, redirects: number): Promise<Step> {
  return new Promise((resolve) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      resolve(failed(`not a valid URL: ${url}`));
      return;
    }
    const isHttps = parsed.protocol === 'https:';
    if (!isHttps && parsed.protocol !== 'http:') {
      resolve(failed(`redirected to an unsupported protocol ${parsed.protocol}`));
      return;
    }
    let settled = false;
    const settle = (step: Step) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(step);
    };
    const requestOptions: https.RequestOptions = {
      method: 'GET',
      // Go's client (the gateway's) asks for gzip and inflates it; other encodings reach the gateway as they are.
      headers: { accept: '*/*', 'accept-encoding': 'gzip', 'user-agent': 'sgconf' },
      ...(isHttps ? { rejectUnauthorized: !options.skipVerify, ...(ca ? { ca } : {}) } : {}),
    };
    // Where the deadline struck, for the message: a server that never answers is not one that drips.
    let phase: 'connect' | 'answer' | 'body' = 'connect';
    let received = 0;
    const request = (isHttps ? https : http).request(parsed, requestOptions, (response) => {
      phase = 'body';
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status) && response.headers.location) {
        response.resume();
        settle({ kind: 'redirect', location: new URL(response.headers.location, parsed).toString() });
        request.destroy();
        return;
      }
      if (status >= 300) {
        response.resume();
        settle(failed(`${status} ${response.statusMessage || http.STATUS_CODES[status] || ''}`.trimEnd()));
        request.destroy();
        return;
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
        settle(failed(tooLarge()));
        request.destroy();
        return;
      }
      const encoding = String(response.headers['content-encoding'] ?? '').trim().toLowerCase();
      if (encoding !== '' && encoding !== 'identity' && encoding !== 'gzip') {
        settle(failed(`the response is compressed with Content-Encoding ${encoding}, which the gateway does not decode (it asks for gzip only), so it would not read JavaScript`));
        request.destroy();
        return;
      }
      // A gzip body is inflated under the same cap as a plain one: a small compressed bomb stops at 1 MiB.
      const body = encoding === 'gzip' ? response.pipe(createGunzip()) : response;
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => { received += chunk.length; });
      body.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          settle(failed(encoding === 'gzip' ? `the gzip-compressed response inflates to more than ${MAX_BODY_BYTES / (1024 * 1024)} MiB` : tooLarge()));
          request.destroy();
          body.destroy();
          return;
        }
        chunks.push(chunk);
      });
      body.on('end', () => settle({ kind: 'body', body: Buffer.concat(chunks).toString('utf8') }));
      body.on('error', (error: Error & { code?: string }) => settle(failed(
        encoding === 'gzip' && error.code?.startsWith('Z_') ? `the response says it is gzip-compressed but does not inflate: ${error.message}` : transportReason(error, parsed))));
      if (body !== response) response.on('error', (error) => settle(failed(transportReason(error, parsed))));
    });
    request.on('socket', (socket) => {
      // A kept-alive socket is connected already.
      if (!socket.connecting && (!isHttps || (socket as tls.TLSSocket).encrypted)) phase = 'answer';
      else socket.once(isHttps ? 'secureConnect' : 'connect', () => { if (phase === 'connect') phase = 'answer'; });
    });
    const timer = setTimeout(() => {
      const where = phase === 'connect'
        ? `connecting to ${parsed.host}${isHttps ? ' (TCP and TLS handshake)' : ''}`
        : phase === 'answer' ? `waiting for ${parsed.host} to answer (connected, no response)` : `reading the response (${received} bytes received so far: the server sends too slowly)`;
      settle({ kind: 'failed', result: timedOut(options.timeoutMs, redirects > 0 ? `${where}, after ${redirects} redirect${redirects === 1 ? '' : 's'}` : where) });
      request.destroy();
    }, timeoutMs);
    request.on('error', (error) => {
      const tlsFailure = isTlsError(error);
      settle({ kind: 'failed', result: { ok: false, reason: transportReason(error, parsed), tls: tlsFailure } });
    });
    request.end();
  });
}

function failed(reason: string): Step {
  return { kind: 'failed', result: { ok: false, reason, tls: false } };
}

function timedOut(timeoutMs: number, where: string): FetchResult {
  return { ok: false, reason: `timed out after ${formatMs(timeoutMs)} (tool config remoteTimeoutMs) ${where}`, tls: false };
}

function tooLarge(): string {
  return `the response is larger than ${MAX_BODY_BYTES / (1024 * 1024)} MiB`;
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

const TLS_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID', 'CERT_UNTRUSTED', 'CERT_REVOKED', 'CERT_SIGNATURE_FAILURE', 'INVALID_CA',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE', 'ERR_SSL_WRONG_VERSION_NUMBER', 'EPROTO',
]);

function isTlsError(error: Error & { code?: string }): boolean {
  return !!error.code && (TLS_CODES.has(error.code) || error.code.startsWith('ERR_SSL') || error.code.startsWith('ERR_TLS'));
}

function transportReason(error: Error & { code?: string; hostname?: string }, url: URL): string {
  switch (error.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot resolve the host name ${url.hostname} (DNS: ${error.code})`;
    case 'ECONNREFUSED':
      return `connection refused by ${url.host}`;
    case 'ECONNRESET':
      return `connection reset by ${url.host}`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${url.host} is unreachable (${error.code})`;
  }
  if (isTlsError(error)) return `TLS certificate verification failed: ${error.message}${error.code ? ` (${error.code})` : ''}`;
  return error.message + (error.code && !error.message.includes(error.code) ? ` (${error.code})` : '');
}
