import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'certs/not-signed-by-ca',
  severity: 'error',
  kinds: ['legacy', 'bootstrap'],
  description: 'A client certificate for the data store does not chain to the CA certificate the config names.',
  check(context) {
    for (const facts of context.certificates) {
      if (facts.role !== 'client-cert' || facts.signedByCa !== false) continue;
      const ca = context.certificates.find((other) => other.pointer === facts.caPointer);
      context.report({
        pointer: facts.pointer,
        message: `client certificate "${facts.path}" is not signed by the configured CA "${ca?.path ?? facts.caPointer}"`,
        detail: `Its subject is CN ${facts.subject ?? 'unknown'}. The data store rejects a client certificate its trusted CAs did not sign. Issue the client certificate from that CA, or point the CA path at the CA that issued it.`,
      });
    }
  },
};
