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

/** A parsed absolute http(s) URL, or null. */
export function parseHttpUrl(value: string): URL | null {
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
