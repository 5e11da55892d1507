// Reading first-generation (sg-replicate 1) replications: the root-level `replications` array of a legacy config (reference 7.5).
import { databaseEntries, get, lookup, type DatabaseEntry } from '../../document/databases.js';
import { isObject, joinPointer, type JsonObject } from '../../types.js';
import { redactUrlCredentials } from '../../secrets.js';
import type { RuleContext } from '../types.js';

export interface FirstGenReplication {
  pointer: string;
  index: number;
  config: JsonObject;
}

export function rootReplications(document: unknown): { pointer: string; items: FirstGenReplication[] } | undefined {
  const found = lookup(document, '', 'replications');
  if (!found || found.value === null) return undefined;
  const items: FirstGenReplication[] = [];
  if (Array.isArray(found.value)) {
    found.value.forEach((config, index) => {
      if (isObject(config)) items.push({ pointer: joinPointer(found.pointer, index), index, config });
    });
  }
  return { pointer: found.pointer, items };
}

/** A bare database name (no scheme, no host) means a database on this node. */
export function isBareName(end: unknown): end is string {
  return typeof end === 'string' && end !== '' && !end.includes('://') && !end.includes('/');
}

export function describe(r: FirstGenReplication): string {
  const id = get(r.config, 'replication_id');
  return typeof id === 'string' && id !== '' ? `root-level replication "${id}"` : `root-level replication #${r.index + 1}`;
}

export function databasesByName(context: RuleContext): Map<string, DatabaseEntry> {
  return new Map(databaseEntries(context.kind, context.document).filter((d) => d.name !== undefined).map((d) => [d.name!, d]));
}

export interface ParsedDbUrl {
  scheme: string;
  userinfo: string | undefined;
  host: string;
  path: string;
  /** Last path segment: the database name. */
  database: string;
}

export function parseDbUrl(text: string): ParsedDbUrl | undefined {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(?:([^@/?#]*)@)?([^/?#]*)(\/[^?#]*)?/.exec(text);
  if (!m) return undefined;
  const path = (m[4] ?? '').replace(/\/+$/, '');
  const segments = path.split('/').filter((s) => s !== '');
  return { scheme: m[1]!, userinfo: m[2], host: m[3]!, path, database: segments[segments.length - 1] ?? '' };
}

/** The database URL as the gateway rebuilds it from a first-generation end: scheme, credentials, host, path. */
export function rebuiltDbUrl(end: string, adminInterface: string): string | undefined {
  if (isBareName(end)) return `http://${adminInterface}/${end}`;
  const p = parseDbUrl(end);
  if (!p) return undefined;
  return `${p.scheme}://${p.userinfo !== undefined ? `${p.userinfo}@` : ''}${p.host}${p.path}`;
}

/** A URL with any password replaced, for messages. */
export function redactUrl(text: string): string {
  return redactUrlCredentials(text);
}

/** Listen port of an interface setting (`host:port`, `:port`). */
export function portOf(address: unknown, fallback: string): string {
  const text = typeof address === 'string' && address !== '' ? address : fallback;
  return text.slice(text.lastIndexOf(':') + 1);
}

/** The local database a first-generation end designates: a bare name, or a URL to this node's own REST ports. */
export function localDatabase(end: unknown, document: unknown, databases: Map<string, DatabaseEntry>): DatabaseEntry | undefined {
  const name = localDatabaseName(end, document, (n) => databases.has(n));
  return name === undefined ? undefined : databases.get(name);
}

/** The name of the database of this config (`has`) that a first-generation end designates, if any. */
export function localDatabaseName(end: unknown, document: unknown, has: (name: string) => boolean): string | undefined {
  if (isBareName(end)) return has(end) ? end : undefined;
  if (typeof end !== 'string') return undefined;
  const p = parseDbUrl(end);
  if (!p) return undefined;
  const hostMatch = /^(.*?)(?::(\d+))?$/.exec(p.host)!;
  const host = hostMatch[1]!.toLowerCase().replace(/^\[|\]$/g, '');
  if (!['localhost', '127.0.0.1', '::1', '0.0.0.0'].includes(host)) return undefined;
  const port = hostMatch[2] ?? (p.scheme === 'https' ? '443' : '80');
  const ports = [portOf(get(document, 'interface'), ':4984'), portOf(get(document, 'adminInterface'), '127.0.0.1:4985')];
  return ports.includes(port) && has(p.database) ? p.database : undefined;
}
