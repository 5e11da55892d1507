// webhook/wait-for-process: the value of event_handlers.wait_for_process (a string of milliseconds, reference 5.1).
import type { Rule } from '../types.js';
import { joinPointer } from '../../types.js';
import { eventHandlerBlocks } from '../../functions/handlers.js';

/** What Go's strconv.ParseInt(s, 10, 0) accepts: an optional sign and decimal digits, nothing else... */
const GO_INTEGER = /^[+-]?\d+$/;
/** ...within a 64-bit int (rest/server_context.go@2.8.4-@4.1.1 initEventHandlers; a range error is a parse error). */
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export const rule: Rule = {
  id: 'webhook/wait-for-process',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  description: 'event_handlers.wait_for_process is not an integer string (the default 100 ms is used), is negative (also the default), or is "0" (events are dropped at once when the queue is full).',
  check(context) {
    for (const { pointer, block } of eventHandlerBlocks(context.kind, context.document)) {
      const value = block['wait_for_process'];
      if (typeof value !== 'string' || value === '') continue;
      const at = joinPointer(pointer, 'wait_for_process');
      if (!GO_INTEGER.test(value)) {
        context.report({ pointer: at, message: `wait_for_process ${JSON.stringify(value)} is not a whole number of milliseconds`, detail: 'The gateway logs a warning and uses the default (100 ms).' });
      } else if (BigInt(value) < INT64_MIN || BigInt(value) > INT64_MAX) {
        context.report({ pointer: at, message: `wait_for_process ${JSON.stringify(value)} is beyond a 64-bit integer`, detail: 'The gateway cannot read it, logs a warning and uses the default (100 ms).' });
      } else if (Number(value) < 0) {
        context.report({ pointer: at, message: `wait_for_process ${JSON.stringify(value)} is negative, so the gateway uses the default (100 ms)` });
      } else if (Number(value) === 0) {
        context.report({
          pointer: at, severity: 'info',
          message: 'wait_for_process "0" discards an event at once when the event queue is full',
          detail: 'The gateway logs a warning instead of waiting for room.',
        });
      }
    }
  },
};
