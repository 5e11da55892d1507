import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/tls-required',
  severity: 'error',
  kinds: ['legacy'],
  description: 'A bootstrap address that is not TLS while use_tls_server is not false (or a TLS address with use_tls_server false).',
  emittedBy: 'src/convert/legacy.ts',
};
