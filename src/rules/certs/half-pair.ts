import type { Rule } from '../types.js';
import { certificateLayout } from '../../certs/locations.js';

export const rule: Rule = {
  id: 'certs/half-pair',
  severity: 'error',
  kinds: ['legacy', 'bootstrap'],
  description: 'Only one half of an X.509 client certificate/key pair is set, so the gateway silently uses password authentication.',
  check(context) {
    for (const slot of certificateLayout(context.kind, context.document).pairs) {
      // Refused outright with a password beside it: one cause, one finding (bootstrap/credentials-x509-and-password).
      if (slot.purpose !== 'client' || slot.refusedWithPassword) continue;
      if ((slot.cert === undefined) === (slot.key === undefined)) continue;
      const [set, missing] = slot.cert !== undefined ? [slot.certPointer, slot.keyPointer] : [slot.keyPointer, slot.certPointer];
      const missingKey = missing.slice(missing.lastIndexOf('/') + 1);
      context.report({
        pointer: set,
        message: `${slot.label}: "${missingKey}" is not set, so the gateway silently uses password authentication`,
        detail: `X.509 authentication needs both the certificate and the key. Set "${missingKey}" as well, or remove the other half to use the password on purpose.`,
      });
    }
  },
};
