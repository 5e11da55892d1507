// webhook/plain-http: a webhook posting document bodies over unencrypted http to another host.
import type { Rule } from '../types.js';
import { joinPointer } from '../../types.js';
import { handlerEntries, isLoopbackHost, parseHttpUrl } from '../../functions/handlers.js';

export const rule: Rule = {
  id: 'webhook/plain-http',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  description: 'A webhook posts to a plain http:// URL on another host: document bodies (application and user data) and any credentials in the URL cross the network unencrypted.',
  check(context) {
    for (const entry of handlerEntries(context.kind, context.document)) {
      const raw = entry.handler['url'];
      const url = typeof raw === 'string' ? parseHttpUrl(raw) : null;
      if (!url || url.protocol !== 'http:' || isLoopbackHost(url.hostname)) continue;
      const payload = entry.event === 'document_changed' ? 'document bodies' : 'database state changes';
      context.report({
        pointer: joinPointer(entry.pointer, 'url'),
        message: `the ${entry.event} webhook posts ${payload} to ${url.host} over plain http${url.username ? ', with credentials in the URL' : ''}`,
        detail: `${entry.event === 'document_changed' ? 'Document bodies hold application data, often user data. ' : ''}Use https.`,
      });
    }
  },
};
