// webhook/handler-type: `handler` must be exactly "webhook" (reference 5.1).
import type { Rule } from '../types.js';
import { joinPointer } from '../../types.js';
import { handlerEntries } from '../../functions/handlers.js';

export const rule: Rule = {
  id: 'webhook/handler-type',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'An event handler whose `handler` is missing or not exactly "webhook": the gateway refuses to load the database (unknown event handler type).',
  check(context) {
    for (const entry of handlerEntries(context.kind, context.document)) {
      const value = entry.handler['handler'];
      if (value === 'webhook') continue;
      if (value === undefined || value === null) {
        context.report({
          pointer: entry.pointer,
          message: `the ${entry.event} event handler has no "handler"`,
          detail: 'It must be "webhook" (the only type); the gateway refuses to load the database with "unknown event handler type".',
        });
      } else if (typeof value === 'string') {
        const hint = value.trim().toLowerCase() === 'webhook' ? ` (did you mean "webhook"? the value is case-sensitive)` : '';
        context.report({
          pointer: joinPointer(entry.pointer, 'handler'),
          message: `unknown event handler type ${JSON.stringify(value)}${hint}`,
          detail: 'The only type is "webhook"; the gateway refuses to load the database.',
        });
      }
    }
  },
};
