// webhook/self-target: a webhook that posts to the gateway's own public or admin interface (an event loop).
import type { Rule } from '../types.js';
import { isObject, joinPointer, type JsonValue, type Kind } from '../../types.js';
import { handlerEntries, isLoopbackHost, parseHttpUrl, withoutCredentials } from '../../functions/handlers.js';

interface Interface {
  name: 'public' | 'admin';
  host: string;
  port: string;
  /** Where the address comes from, for the message. */
  origin: string;
}

const DEFAULTS = { public: ':4984', admin: '127.0.0.1:4985' };

/** The gateway's interfaces: legacy `interface` / `adminInterface`, else the defaults. */
function gatewayInterfaces(kind: Kind, document: JsonValue): Interface[] {
  const configured = (key: string): string | null =>
    kind === 'legacy' && isObject(document) && typeof document[key] === 'string' ? (document[key] as string) : null;
  const make = (name: Interface['name'], key: string, fallback: string): Interface | null => {
    const value = configured(key);
    const address = value ?? fallback;
    const colon = address.lastIndexOf(':');
    if (colon < 0) return null;
    return {
      name, host: address.slice(0, colon).replace(/^\[|\]$/g, '').toLowerCase(), port: address.slice(colon + 1),
      origin: value !== null ? `${key} "${value}"` : `default ${fallback}`,
    };
  };
  return [make('public', 'interface', DEFAULTS.public), make('admin', 'adminInterface', DEFAULTS.admin)].filter((i): i is Interface => i !== null);
}

function listensOn(iface: Interface, hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const anyAddress = iface.host === '' || iface.host === '0.0.0.0' || iface.host === '::';
  if (anyAddress || isLoopbackHost(iface.host)) return isLoopbackHost(host) || (!anyAddress && host === iface.host);
  return host === iface.host;
}

export const rule: Rule = {
  id: 'webhook/self-target',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  description: "A webhook url points at the gateway's own public or admin interface: a post that writes a document raises a new event, an event loop.",
  check(context) {
    const interfaces = gatewayInterfaces(context.kind, context.document);
    for (const entry of handlerEntries(context.kind, context.document)) {
      const raw = entry.handler['url'];
      const url = typeof raw === 'string' ? parseHttpUrl(raw) : null;
      if (typeof raw !== 'string' || !url) continue;
      const port = url.port || (url.protocol === 'https:' ? '443' : '80');
      const target = interfaces.find((iface) => iface.port === port && listensOn(iface, url.hostname));
      if (!target) continue;
      context.report({
        pointer: joinPointer(entry.pointer, 'url'),
        message: `the ${entry.event} webhook posts to this gateway's own ${target.name} interface`,
        detail: `${withoutCredentials(raw)} is the ${target.name} interface (${target.origin}): a post that writes a document raises another event, an event loop. Post to a separate service.`,
      });
    }
  },
};
