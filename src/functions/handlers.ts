// Walk the event handlers of a config (reference 5): shared by the webhook/* rules.
import { databaseEntries } from '../document/databases.js';
import { redactUrlCredentials } from '../secrets.js';
import { isObject, joinPointer, type JsonObject, type JsonValue, type Kind } from '../types.js';

export type EventName = 'document_changed' | 'db_state_changed';

export interface EventHandlersBlock {
  /** Pointer of the `event_handlers` object. */
  pointer: string;
  block: JsonObject;
}

export interface HandlerEntry {
  event: EventName;
  /** Pointer of the handler object. */
  pointer: string;
  handler: JsonObject;
}

/** Every `event_handlers` object of the databases in the document. */
export function eventHandlerBlocks(kind: Kind, document: JsonValue): EventHandlersBlock[] {
  const blocks: EventHandlersBlock[] = [];
  for (const { pointer, config } of databaseEntries(kind, document)) {
    const block = config['event_handlers'];
    if (isObject(block)) blocks.push({ pointer: joinPointer(pointer, 'event_handlers'), block });
  }
  return blocks;
}

/** Every handler object (array entries of `document_changed` / `db_state_changed`). */
export function handlerEntries(kind: Kind, document: JsonValue): HandlerEntry[] {
  const entries: HandlerEntry[] = [];
  for (const { pointer, block } of eventHandlerBlocks(kind, document)) {
    for (const event of ['document_changed', 'db_state_changed'] as const) {
      const list = block[event];
      if (!Array.isArray(list)) continue;
      list.forEach((handler, i) => {
        if (isObject(handler)) entries.push({ event, pointer: joinPointer(pointer, event, i), handler });
      });
    }
  }
  return entries;
}

/**
 * Why Go's HTTP client cannot post to `value` where WHATWG's parser (Node's URL) would read it, or null:
 * net/url Parse refuses control characters, a space around the URL or in its host, and a bad % escape
 * outside the query; a URL without "//" after its scheme has no host ("http: no Host in request URL").
 * WHATWG trims the spaces, reads "https:host" and backslashes as "https://host/" and keeps a bad escape.
 */
export function goUrlProblem(value: string): string | null {
  if (/[\x00-\x1f\x7f]/.test(value)) return 'it has a control character (a tab or line break)';
  if (/^ | $/.test(value)) return value.trim() === '' ? 'it is blank' : 'it has white space around it';
  const match = /^([a-z][a-z0-9+.-]*):(.*)$/is.exec(value);
  if (!match || !/^https?$/i.test(match[1]!)) return null;
  const rest = match[2]!;
  if (!rest.startsWith('//')) return `it has no "//" after ${match[1]}:, so it names no host`;
  const authority = /^[^/?#]*/.exec(rest.slice(2))![0];
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  if (host === '') return 'it names no host';
  if (/[ \\]/.test(host)) return 'its host has a space or a backslash';
  // The fragment is cut off first, then the query, which alone is not unescaped.
  const hash = rest.indexOf('#');
  const beforeHash = hash < 0 ? rest : rest.slice(0, hash);
  const unescaped = beforeHash.replace(/\?.*$/s, '') + (hash < 0 ? '' : rest.slice(hash + 1));
  if (/%(?![0-9a-f]{2})/i.test(unescaped)) return 'it has a % that does not start an escape (%XX)';
  return null;
}

/** A parsed absolute http(s) URL that Go's client can post to, or null. */
export function parseHttpUrl(value: string): URL | null {
  if (goUrlProblem(value) !== null) return null;
  try {
    const url = new URL(value);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '') return url;
  } catch {
    // not a URL
  }
  return null;
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '::1' || host === '0.0.0.0';
}

/** The URL as written with its credentials masked (a user name alone can be a token), for messages. */
export function withoutCredentials(url: string): string {
  return redactUrlCredentials(url);
}
