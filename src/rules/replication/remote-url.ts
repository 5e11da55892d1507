// How the gateway reads a replication's remote: Go's url.Parse when the replication is validated
// (db/sg_replicate_cfg.go ValidateReplication, 2.8.0 to 4.1.1: "Replication remote URL is invalid"), and an
// HTTP GET of the URL before every connection (db/active_replicator.go blipSync, 2.8.0 to 4.1.1), which Go's
// HTTP client makes for http:// and https:// only.

export type RemoteReading =
  /** url.Parse fails: the replication fails validation. */
  | { kind: 'invalid'; why: string }
  /** Parsed, but no connection can be made with it. */
  | { kind: 'unreachable'; why: string }
  | { kind: 'ok' };

export function readRemote(text: string): RemoteReading {
  const url = goUrlParse(text);
  if ('error' in url) return { kind: 'invalid', why: url.error };
  const { scheme, hostname } = url;
  if (scheme === undefined) return { kind: 'unreachable', why: 'it has no scheme' };
  if (scheme === 'ws' || scheme === 'wss') return { kind: 'unreachable', why: `it is a WebSocket URL (${scheme}://), as Couchbase Lite writes them` };
  if (scheme !== 'http' && scheme !== 'https') return { kind: 'unreachable', why: `its scheme is ${scheme}:` };
  if (!hostname) return { kind: 'unreachable', why: 'it names no host' };
  return { kind: 'ok' };
}

/** What Go's net/url.Parse makes of a remote (as of Go 1.26's url.go): why it refuses it, or its scheme and host. */
function goUrlParse(text: string): { error: string } | { scheme?: string; hostname?: string } {
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(text)) return { error: 'it holds a control character' };
  const schemeMatch = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text);
  const scheme = schemeMatch?.[1]?.toLowerCase();
  if (!schemeMatch && text.startsWith(':')) return { error: 'it is missing a scheme before ":"' };
  let rest = schemeMatch ? text.slice(schemeMatch[0].length) : text;
  const fragmentAt = rest.indexOf('#');
  if (fragmentAt >= 0) {
    if (badEscape(rest.slice(fragmentAt + 1))) return { error: 'it has a "%" that is no escape' };
    rest = rest.slice(0, fragmentAt);
  }
  const queryAt = rest.indexOf('?');
  if (queryAt >= 0) rest = rest.slice(0, queryAt);
  // After a scheme, a text without "/" is opaque: Go keeps it as written, escapes and all.
  if (scheme !== undefined && !rest.startsWith('/')) return { scheme };
  if (scheme === undefined && (rest.split('/', 1)[0] ?? '').includes(':')) return { error: 'its first path segment holds a ":"' };
  let path = rest;
  let hostname: string | undefined;
  if ((scheme !== undefined || !rest.startsWith('///')) && rest.startsWith('//')) {
    const end = rest.indexOf('/', 2);
    const authority = end < 0 ? rest.slice(2) : rest.slice(2, end);
    path = end < 0 ? '' : rest.slice(end);
    const at = authority.lastIndexOf('@');
    if (at >= 0 && !/^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(authority.slice(0, at))) return { error: 'its user information holds a character a URL cannot' };
    const host = readHost(authority.slice(at + 1), scheme);
    if ('error' in host) return host;
    hostname = host.hostname;
  }
  if (badEscape(path)) return { error: 'its path has a "%" that is no escape' };
  return { scheme, hostname };
}

/** Go's parseHost: the host without its port, or why it refuses it. */
function readHost(host: string, scheme: string | undefined): { error: string } | { hostname: string } {
  const bracket = host.lastIndexOf('[');
  if (bracket > 0) return { error: 'its host has a "[" that does not start it' };
  if (bracket === 0) {
    const close = host.lastIndexOf(']');
    if (close < 0) return { error: 'its host has a "[" without "]"' };
    if (!/^(:\d*)?$/.test(host.slice(close + 1))) return { error: 'its port is not a number' };
    return { hostname: host.slice(0, close + 1) };
  }
  // An http(s) host takes its port from the first colon (Go's strict colons); others from the last.
  const colon = scheme === 'http' || scheme === 'https' ? host.indexOf(':') : host.lastIndexOf(':');
  if (colon >= 0 && !/^\d*$/.test(host.slice(colon + 1))) return { error: 'its port is not a number' };
  // In a host, "%" may only escape a byte beyond ASCII ("%25" aside).
  if (badEscape(host) || /%(?!25)[0-7][0-9A-Fa-f]/.test(host)) return { error: 'its host has a "%" that is no escape a host may hold' };
  // Go's host reading refuses an ASCII character a host cannot hold (a space, braces, "|" ...).
  if (/[^A-Za-z0-9\-_.~!$&'()*+,;=:[\]<>"%\u0080-\uffff]/.test(host)) return { error: 'its host holds a character a host cannot' };
  return { hostname: colon < 0 ? host : host.slice(0, colon) };
}

function badEscape(text: string): boolean {
  return /%(?![0-9A-Fa-f]{2})/.test(text);
}
