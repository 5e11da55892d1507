import type { Rule } from '../types.js';
import { roleWords } from '../../certs/words.js';

export const rule: Rule = {
  id: 'certs/key-mismatch',
  severity: 'error',
  kinds: ['legacy', 'bootstrap'],
  description: 'A private key does not belong to the certificate it is paired with.',
  check(context) {
    for (const facts of context.certificates) {
      if (facts.matchesPair !== false || facts.pairPointer === undefined) continue;
      const certificate = context.certificates.find((other) => other.pointer === facts.pairPointer);
      context.report({
        pointer: facts.pointer,
        message: `${roleWords(facts.role)} "${facts.path}" does not match its certificate "${certificate?.path ?? facts.pairPointer}"`,
        detail: 'Loading the pair fails. Point both paths at a certificate and the private key it was issued for (the public keys printed by openssl x509 -noout -pubkey and openssl pkey -pubout must be equal).',
      });
    }
  },
};
