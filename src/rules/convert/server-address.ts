import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/server-address',
  severity: 'error',
  kinds: ['legacy'],
  description: 'A server address the gateway\'s address upgrade cannot turn into a bootstrap address (an http:// port other than 8091, an unsupported scheme), or a rosmar address the target cannot open.',
  emittedBy: 'src/convert/legacy.ts',
};
