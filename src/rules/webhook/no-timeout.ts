// webhook/no-timeout: timeout 0 disables the webhook's HTTP client timeout (reference 5.1).
import type { Rule } from '../types.js';
import { joinPointer } from '../../types.js';
import { handlerEntries } from '../../functions/handlers.js';

export const rule: Rule = {
  id: 'webhook/no-timeout',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  description: 'A webhook with timeout 0 never times out: an endpoint that hangs ties up event workers until the queue is full and events are dropped.',
  check(context) {
    for (const entry of handlerEntries(context.kind, context.document)) {
      if (entry.handler['timeout'] !== 0) continue;
      context.report({
        pointer: joinPointer(entry.pointer, 'timeout'),
        message: `timeout 0 means the ${entry.event} webhook never times out`,
        detail: 'An endpoint that does not answer holds an event worker forever, and once every worker is stuck the queue fills and events are dropped. Use a positive number of seconds (default 60).',
      });
    }
  },
};
