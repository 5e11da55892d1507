// The server address upgrade of the gateway's automatic conversion (reference 8.2.1), reproduced exactly,
// except that environment references inside the address are carried through untouched.

export interface UpgradedAddress {
  /** The address as the 3.x bootstrap config should hold it (the original when `error` is set). */
  address: string;
  /** Credentials found in the URL (`user:password@`), when both parts were present. */
  credentials?: { username: string; password: string };
  /** Why the address could not be upgraded (the gateway keeps the original string and fails later). */
  error?: string;
  /** The address holds environment references, so its scheme may only be known at run time. */
  hasEnvReference: boolean;
  /** Test store addresses (walrus:, rosmar:, file:, /..., ./...) pass unchanged. */
  testStore: boolean;
}

// gocbconnstr's own patterns: scheme, user info, hosts, bucket path, query options.
const PART_PATTERN = /^((.*):\/\/)?(([^/?:]*)(:([^/?:@]*))?@)?([^/?]*)(\/([^?]*))?(\?(.*))?$/s;
const HOST_PATTERN = /((\[[^\]]+\]+)|([^;,:]+))(:([0-9]*))?/g;
const ENV_REFERENCE = /\$(\{[^}]*\}|[A-Za-z0-9_]+|[*#@!?\-$])/g;

export function isTestStoreAddress(address: string): boolean {
  return /^(walrus:|rosmar:|file:|\/|\.)/.test(address);
}

export function isTlsAddress(address: string): boolean {
  return address.startsWith('couchbases:');
}

export function upgradeServerAddress(original: string): UpgradedAddress {
  const hasEnvReference = /\$(\{|[A-Za-z0-9_*#@!?-])/.test(original);
  if (isTestStoreAddress(original)) return { address: original, hasEnvReference, testStore: true };

  // Stand-ins for environment references, made of characters every part of the pattern accepts
  // and that URL encoding leaves alone.
  const references: string[] = [];
  const masked = original.replace(ENV_REFERENCE, (ref) => {
    references.push(ref);
    return `ENVREF${references.length - 1}X`;
  });
  const unmask = (s: string) => s.replace(/ENVREF(\d+)X/g, (_, i: string) => references[Number(i)]);

  const parts = PART_PATTERN.exec(masked);
  if (!parts) return { address: original, hasEnvReference, testStore: false, error: 'it is not a connection string' };
  let scheme = parts[2] ?? '';
  if (scheme !== '' && !['couchbase', 'couchbases', 'http'].includes(scheme)) {
    return {
      address: original, hasEnvReference, testStore: false,
      error: `the scheme "${unmask(scheme)}" is not one of couchbase://, couchbases:// or http://`,
    };
  }
  const hosts: { host: string; port: number | null; portText: string }[] = [];
  for (const match of (parts[7] ?? '').matchAll(HOST_PATTERN)) {
    const portText = match[5] ?? '';
    hosts.push({ host: match[1], port: portText === '' ? null : Number(portText), portText });
  }
  const credentials = credentialsOf(masked.split(',')[0], unmask);
  if (scheme === 'http') {
    const bad = hosts.find((h) => h.port !== null && h.port !== 8091);
    if (bad) {
      return {
        address: original, hasEnvReference, testStore: false,
        error: `port ${bad.portText} of an http:// address is not the cluster manager port 8091, so it cannot be turned into a couchbase:// address; write the address as couchbases://host (or couchbase://host) instead`,
      };
    }
    scheme = 'couchbase';
    for (const h of hosts) h.port = null;
  }
  let out = scheme !== '' ? `${scheme}://` : '';
  out += hosts.map((h) => (h.port === null ? h.host : `${h.host}:${h.port}`)).join(',');
  const bucket = safeDecode(parts[9] ?? '');
  if (bucket !== '') out += `/${bucket}`;
  const options = parts[11] ?? '';
  if (options !== '') out += `?${encodeQuery(options)}`;
  return { address: unmask(out), credentials, hasEnvReference, testStore: false };
}

function credentialsOf(firstPart: string, unmask: (s: string) => string): UpgradedAddress['credentials'] {
  // Go's url.Parse of the text before the first comma: user info is what precedes '@' in the authority.
  const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/.exec(firstPart)?.[1];
  if (authority === undefined) return undefined;
  const at = authority.lastIndexOf('@');
  if (at < 0) return undefined;
  const userInfo = authority.slice(0, at);
  const colon = userInfo.indexOf(':');
  if (colon < 0) return undefined;
  const username = safeDecode(userInfo.slice(0, colon));
  if (username === '') return undefined;
  return { username: unmask(username), password: unmask(safeDecode(userInfo.slice(colon + 1))) };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Go's url.ParseQuery followed by Values.Encode: keys sorted, values kept in order, QueryEscape'd. */
function encodeQuery(query: string): string {
  const values = new Map<string, string[]>();
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = queryUnescape(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : queryUnescape(pair.slice(eq + 1));
    values.set(key, [...(values.get(key) ?? []), value]);
  }
  const keys = [...values.keys()].sort();
  return keys.flatMap((k) => values.get(k)!.map((v) => `${queryEscape(k)}=${queryEscape(v)}`)).join('&');
}

function queryUnescape(s: string): string {
  return safeDecode(s.replace(/\+/g, ' '));
}

function queryEscape(s: string): string {
  return encodeURIComponent(s).replace(/%20/g, '+').replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%7E/gi, '~');
}
