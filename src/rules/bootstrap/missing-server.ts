import type { Rule } from '../types.js';
import { lookup, lookupPath } from '../../document/databases.js';

export const rule: Rule = {
  id: 'bootstrap/missing-server',
  severity: 'error',
  kinds: ['bootstrap'],
  description: 'A startup config without bootstrap.server.',
  check(context) {
    const server = lookupPath(context.document, '', 'bootstrap', 'server');
    // A value of another type is schema/type's finding (the gateway cannot decode it); "" is no address (and
    // null, which the document as the gateway reads it does not hold).
    if (server && server.value !== '') return;
    const bootstrap = lookup(context.document, '', 'bootstrap');
    context.report({
      pointer: server?.pointer ?? bootstrap?.pointer ?? '',
      target: server ? undefined : bootstrap ? 'key' : undefined,
      message: 'no bootstrap.server: the gateway has no Couchbase Server address to start from',
      detail: 'It refuses to start unless the address is given on the command line with -bootstrap.server. Add "bootstrap": {"server": "couchbases://<host>"}.',
    });
  },
};
