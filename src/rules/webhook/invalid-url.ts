// webhook/invalid-url: the webhook url must be an absolute http or https URL.
import type { Rule } from '../types.js';
import { joinPointer } from '../../types.js';
import { goUrlProblem, handlerEntries, parseHttpUrl } from '../../functions/handlers.js';

export const rule: Rule = {
  id: 'webhook/invalid-url',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'A webhook url that is not an absolute http:// or https:// URL: every post fails, so every event is lost.',
  check(context) {
    for (const entry of handlerEntries(context.kind, context.document)) {
      const url = entry.handler['url'];
      if (typeof url !== 'string' || url === '' || parseHttpUrl(url)) continue;
      const reason = goUrlProblem(url) ?? (/^[a-z][a-z0-9+.-]*:/i.test(url) && !/^https?:/i.test(url)
        ? `its scheme is ${url.slice(0, url.indexOf(':') + 1)}, not http: or https:`
        : 'it is not an absolute http:// or https:// URL');
      const placeholder = /\{\{[^{}]*\}\}/.test(url) ? 'It looks like an unrendered template placeholder ({{ ... }}). ' : '';
      context.report({
        pointer: joinPointer(entry.pointer, 'url'),
        message: `the ${entry.event} webhook url cannot be posted to: ${reason}`,
        detail: `${placeholder}The gateway loads the database, but every post fails and the events are lost.`,
      });
    }
  },
};
