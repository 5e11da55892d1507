import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/tls-required',
  severity: 'error',
  kinds: ['legacy'],
  description: 'A TLS (couchbases://) bootstrap address with use_tls_server false, or an address from the environment whose scheme is known only at run time.',
  emittedBy: 'src/convert/identity.ts',
};
