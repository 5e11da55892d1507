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
  const invalid = goUrlParseError(text);
  if (invalid) return { kind: 'invalid', why: invalid };
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined) return { kind: 'unreachable', why: 'it has no scheme' };
  if (scheme === 'ws' || scheme === 'wss') return { kind: 'unreachable', why: `it is a WebSocket URL (${scheme}://), as Couchbase Lite writes them` };
  if (scheme !== 'http' && scheme !== 'https') return { kind: 'unreachable', why: `its scheme is ${scheme}:` };
  const authority = /^[^:]+:\/\/([^/?#]*)/.exec(text)?.[1] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '');
  if (host === '') return { kind: 'unreachable', why: 'it names no host' };
  return { kind: 'ok' };
}

/** Why Go's net/url.Parse refuses `text`, or null when it parses (its checks that a remote can meet, as of Go 1.26's url.go). */
export function goUrlParseError(text: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(text)) return 'it holds a control character';
  let rest = text;
  const schemeMatch = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text);
  if (schemeMatch) rest = text.slice(schemeMatch[0].length);
  else if (text.startsWith(':')) return 'it is missing a scheme before ":"';
  const fragmentAt = rest.indexOf('#');
  const fragment = fragmentAt < 0 ? '' : rest.slice(fragmentAt + 1);
  if (fragmentAt >= 0) rest = rest.slice(0, fragmentAt);
  if (badEscape(fragment)) return 'it has a "%" that is no escape';
  const queryAt = rest.indexOf('?');
  if (queryAt >= 0) rest = rest.slice(0, queryAt);
  if (!schemeMatch && !rest.startsWith('/')) {
    const slash = rest.indexOf('/');
    if ((slash < 0 ? rest : rest.slice(0, slash)).includes(':')) return 'its first path segment holds a ":"';
  }
  let path = rest;
  if ((schemeMatch || !rest.startsWith('///')) && rest.startsWith('//')) {
    const end = rest.indexOf('/', 2);
    const authority = end < 0 ? rest.slice(2) : rest.slice(2, end);
    path = end < 0 ? '' : rest.slice(end);
    const at = authority.lastIndexOf('@');
    if (at >= 0 && !/^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(authority.slice(0, at))) return 'its user information holds a character a URL cannot';
    const host = authority.slice(at + 1);
    const bracket = host.lastIndexOf('[');
    if (bracket > 0) return 'its host has a "[" that does not start it';
    if (bracket === 0) {
      const close = host.lastIndexOf(']');
      if (close < 0) return 'its host has a "[" without "]"';
      if (!/^(:\d*)?$/.test(host.slice(close + 1))) return 'its port is not a number';
    } else {
      // An http(s) host takes its port from the first colon (Go's strict colons); others from the last.
      const scheme = schemeMatch?.[1]?.toLowerCase();
      const colon = scheme === 'http' || scheme === 'https' ? host.indexOf(':') : host.lastIndexOf(':');
      if (colon >= 0 && !/^\d*$/.test(host.slice(colon + 1))) return 'its port is not a number';
      // In a host, "%" may only escape a byte beyond ASCII ("%25" aside).
      if (badEscape(host) || /%(?!25)[0-7][0-9A-Fa-f]/.test(host)) return 'its host has a "%" that is no escape a host may hold';
      // Go's host reading refuses an ASCII character a host cannot hold (a space, braces, "|" ...).
      if (/[^A-Za-z0-9\-_.~!$&'()*+,;=:[\]<>"%\u0080-\uffff]/.test(host)) return 'its host holds a character a host cannot';
    }
  }
  // After a scheme, a text without "/" is opaque: Go keeps it as written, escapes and all.
  const opaque = schemeMatch !== null && !rest.startsWith('/');
  if (!opaque && badEscape(path)) return 'its path has a "%" that is no escape';
  return null;
}

function badEscape(text: string): boolean {
  return /%(?![0-9A-Fa-f]{2})/.test(text);
}
