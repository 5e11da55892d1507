// The gateway's server address upgrade (reference 8.2.1), as a pure function. The automatic upgrade and
// legacy mode both run it on every legacy database `server` before comparing servers and picking the
// bootstrap address. src/convert wraps it to carry environment references through.

export interface ServerCredentials {
  username: string;
  password: string;
}

export type ServerAddressUpgrade =
  | {
      ok: true;
      /** The upgraded address (for test-store addresses: unchanged). */
      server: string;
      /** Credentials found in the URL, when it had a user name and a password part. */
      credentials?: ServerCredentials;
      /** `walrus:`, `rosmar:`, `file:`, `/...`, `./...`: the embedded test store. */
      testStore: boolean;
    }
  | {
      ok: false;
      /** The original string, which the gateway keeps when the upgrade fails. */
      server: string;
      reason: 'scheme' | 'port' | 'parse';
      message: string;
    };

const TEST_STORE = /^(walrus:|rosmar:|file:|\/|\.)/;

/** True for addresses of the embedded test store (no Couchbase Server involved). */
export function isTestStoreAddress(address: string): boolean {
  return TEST_STORE.test(address);
}

/** Walrus's store in memory: a bucket that starts empty at every start (rosmar reads it so too, from 3.2). */
export const WALRUS_IN_MEMORY = 'walrus:';
/** Rosmar's own address of its store in memory (couchbaselabs/rosmar bucket.go InMemoryURL), read from 3.2 on. */
export const ROSMAR_IN_MEMORY = 'rosmar:/?mode=memory';

/** A walrus address that names a folder: every walrus: URL but "walrus:" alone. */
export function isWalrusFolder(address: string): boolean {
  return address.startsWith(WALRUS_IN_MEMORY) && address !== WALRUS_IN_MEMORY;
}

/** An address of rosmar, the development store that took walrus's place. */
export function isRosmarAddress(address: string): boolean {
  return address.startsWith('rosmar:');
}

// The connection-string grammar of the Couchbase client library (gocbconnstr).
const CONN_STR = /^(?:(.*):\/\/)?(?:([^/?:]*)(?::([^/?:@]*))?@)?([^/?]*)(?:\/([^?]*))?(?:\?(.*))?$/;

interface HostPort {
  host: string;
  port: number | undefined;
}

export function upgradeServerAddress(address: string): ServerAddressUpgrade {
  if (isTestStoreAddress(address)) return { ok: true, server: address, testStore: true };
  const match = CONN_STR.exec(address);
  if (!match) return { ok: false, server: address, reason: 'parse', message: `cannot parse "${address}" as a connection string` };
  const scheme = match[1] ?? '';
  if (!['couchbase', 'couchbases', 'http', ''].includes(scheme)) {
    return { ok: false, server: address, reason: 'scheme', message: `unsupported scheme "${scheme}://" (only couchbase://, couchbases:// and http:// are accepted)` };
  }
  const hosts: HostPort[] = [];
  for (const part of (match[4] ?? '').split(/[,;]/)) {
    if (part === '') continue;
    const parsed = parseHost(part);
    if (!parsed) return { ok: false, server: address, reason: 'parse', message: `cannot parse the host "${part}"` };
    hosts.push(parsed);
  }
  let outScheme = scheme;
  if (scheme === 'http') {
    const bad = hosts.find((h) => h.port !== undefined && h.port !== 8091);
    if (bad) {
      return {
        ok: false, server: address, reason: 'port',
        message: `http:// address with port ${bad.port}: only port 8091 (or none) can be upgraded; use a couchbase:// or couchbases:// address`,
      };
    }
    outScheme = 'couchbase';
    for (const h of hosts) h.port = undefined;
  }
  let server = outScheme ? `${outScheme}://` : '';
  server += hosts.map((h) => (h.port === undefined ? h.host : `${h.host}:${h.port}`)).join(',');
  if (match[5]) server += `/${match[5]}`;
  const query = match[6];
  if (query) {
    const encoded = encodeOptions(query);
    if (encoded) server += `?${encoded}`;
  }
  const credentials = urlCredentials(address);
  return credentials ? { ok: true, server, credentials, testStore: false } : { ok: true, server, testStore: false };
}

function parseHost(part: string): HostPort | undefined {
  let host = part;
  let portText: string | undefined;
  if (part.startsWith('[')) {
    const close = part.indexOf(']');
    if (close < 0) return undefined;
    host = part.slice(0, close + 1);
    const rest = part.slice(close + 1);
    if (rest.startsWith(':')) portText = rest.slice(1);
    else if (rest !== '') return undefined;
  } else {
    const colon = part.indexOf(':');
    if (colon >= 0) {
      host = part.slice(0, colon);
      portText = part.slice(colon + 1);
    }
  }
  // gocbconnstr accepts an empty port ("host:") as no port at all.
  if (portText === undefined || portText === '') return { host, port: undefined };
  if (!/^\d+$/.test(portText)) return undefined;
  return { host, port: Number(portText) };
}

// Options are re-encoded sorted by key, as Go's url.Values.Encode does.
function encodeOptions(query: string): string {
  const pairs: [string, string][] = [];
  for (const piece of query.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const key = decode(eq < 0 ? piece : piece.slice(0, eq));
    const value = decode(eq < 0 ? '' : piece.slice(eq + 1));
    pairs.push([key, value]);
  }
  const keys = [...new Set(pairs.map(([k]) => k))].sort();
  const out: string[] = [];
  for (const key of keys) for (const [k, v] of pairs) if (k === key) out.push(`${goQueryEscape(k)}=${goQueryEscape(v)}`);
  return out.join('&');
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function goQueryEscape(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, '+');
}

/** `user:password@` of the text before the first comma, when it has a scheme, a non-empty user and a password part. */
export function urlCredentials(address: string): ServerCredentials | undefined {
  const first = address.split(',')[0]!;
  const match = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)@/.exec(first);
  if (!match) return undefined;
  const userinfo = match[1]!;
  const colon = userinfo.indexOf(':');
  if (colon < 0) return undefined;
  const username = unescapeUserinfo(userinfo.slice(0, colon));
  if (username === '') return undefined;
  return { username, password: unescapeUserinfo(userinfo.slice(colon + 1)) };
}

function unescapeUserinfo(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
