// webhook/no-filter: a document_changed webhook without a filter posts every change.
import type { Rule } from '../types.js';
import { handlerEntries } from '../../functions/handlers.js';

export const rule: Rule = {
  id: 'webhook/no-filter',
  severity: 'info',
  kinds: ['legacy', 'database'],
  description: 'A document_changed webhook has no filter: every saved revision of every document is posted.',
  check(context) {
    for (const entry of handlerEntries(context.kind, context.document)) {
      if (entry.event !== 'document_changed') continue;
      const filter = entry.handler['filter'];
      // Only an empty filter is none: the gateway compiles a blank one, which fails (functions/not-a-function).
      if (filter === undefined || filter === null || filter === '') {
        context.report({
          pointer: entry.pointer,
          message: 'the document_changed webhook has no filter, so every saved revision of every document is posted',
          detail: 'Add a filter function if the endpoint needs only some documents.',
        });
      }
    }
  },
};
