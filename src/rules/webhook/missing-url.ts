// webhook/missing-url: a webhook without a url (reference 5.1).
import type { Rule } from '../types.js';
import { joinPointer } from '../../types.js';
import { handlerEntries } from '../../functions/handlers.js';

export const rule: Rule = {
  id: 'webhook/missing-url',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'A webhook event handler has no `url` (or an empty one): the gateway refuses to load the database ("url parameter must be defined"). A url of white space alone is loaded, and every post fails (`webhook/invalid-url`).',
  check(context) {
    for (const entry of handlerEntries(context.kind, context.document)) {
      const url = entry.handler['url'];
      if (url === undefined || url === null) {
        context.report({ pointer: entry.pointer, message: `the ${entry.event} webhook has no "url"`, detail: 'The gateway refuses to load the database ("url parameter must be defined").' });
      } else if (url === '') {
        context.report({ pointer: joinPointer(entry.pointer, 'url'), message: `the ${entry.event} webhook "url" is empty`, detail: 'The gateway refuses to load the database ("url parameter must be defined").' });
      }
    }
  },
};
