import type { Rule } from '../types.js';
import { lookup, lookupPath, nonEmptyString, type Found } from '../../document/databases.js';

export const rule: Rule = {
  id: 'bootstrap/tls-cert-key-pair',
  severity: 'error',
  kinds: ['bootstrap', 'legacy'],
  description: 'Only one of the REST listeners\' TLS certificate and key is set.',
  check(context) {
    const [cert, key]: (Found | undefined)[] = context.kind === 'bootstrap'
      ? [lookupPath(context.document, '', 'api', 'https', 'tls_cert_path'), lookupPath(context.document, '', 'api', 'https', 'tls_key_path')]
      : [lookup(context.document, '', 'SSLCert'), lookup(context.document, '', 'SSLKey')];
    const [certName, keyName] = context.kind === 'bootstrap' ? ['tls_cert_path', 'tls_key_path'] : ['SSLCert', 'SSLKey'];
    const hasCert = nonEmptyString(cert?.value);
    const hasKey = nonEmptyString(key?.value);
    if (hasCert === hasKey) return;
    context.report({
      pointer: (hasCert ? cert : key)!.pointer,
      message: `${hasCert ? certName : keyName} is set without ${hasCert ? keyName : certName}`,
      detail: 'The certificate and the private key of the HTTPS listeners go together, and the gateway refuses to start with only one.',
    });
  },
};
