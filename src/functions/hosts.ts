// Which hosts a remote function source may be fetched from: only those the user listed (`--allow-host`,
// the tool config's `remoteHosts`). There are no wildcards, so a pull request cannot make sgconf reach
// loopback, link-local (cloud metadata) or private addresses unless one of them is listed (docs/security.md).

/** `host`, `host:port`, `[v6]`, `[v6]:port` or a bare IPv6 address; null for anything else. */
export function parseHostEntry(entry: string): { host: string; port: string | null } | null {
  const text = entry.trim().toLowerCase().replace(/\.$/, '');
  const bracketed = /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/.exec(text);
  if (bracketed) return { host: bracketed[1]!, port: bracketed[2] ?? null };
  if (/^[0-9a-f:]+$/.test(text) && text.split(':').length > 2) return { host: text, port: null };
  const named = /^([a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?)(?::(\d{1,5}))?$/.exec(text);
  if (named) return { host: named[1]!, port: named[3] ?? null };
  return null;
}

/** Whether a URL's host (and port) is one of the entries. */
export function hostAllowed(url: URL, allowed: readonly string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowed.some((entry) => {
    const parsed = parseHostEntry(entry);
    return parsed !== null && parsed.host === host && (parsed.port === null || parsed.port === port);
  });
}

/** The refusal for a host that is not listed, or null when it is. */
export function hostRefusal(url: URL, allowed: readonly string[]): string | null {
  if (hostAllowed(url, allowed)) return null;
  return `its host ${url.host} is not among the hosts allowed (--allow-host, remoteHosts in the tool config)`;
}
