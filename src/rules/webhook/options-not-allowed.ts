// webhook/options-not-allowed: `options` exist only for document_changed handlers (reference 5.2).
import type { Rule } from '../types.js';
import { joinPointer } from '../../types.js';
import { handlerEntries } from '../../functions/handlers.js';

export const rule: Rule = {
  id: 'webhook/options-not-allowed',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'A db_state_changed handler has `options`: no options exist for that event type and the gateway refuses to load the database.',
  check(context) {
    for (const entry of handlerEntries(context.kind, context.document)) {
      if (entry.event !== 'db_state_changed') continue;
      const options = entry.handler['options'];
      if (options === undefined || options === null) continue;
      context.report({
        pointer: joinPointer(entry.pointer, 'options'),
        message: 'db_state_changed handlers have no options: the gateway refuses to load the database',
        detail: 'winning_rev_only is for document_changed only. Remove "options".',
      });
    }
  },
};
