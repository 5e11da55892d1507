import type { Rule } from '../types.js';
import { lookup, lookupPath } from '../../document/databases.js';

const KNOWN = ['tlsv1', 'tlsv1.1', 'tlsv1.2', 'tlsv1.3'];

export const rule: Rule = {
  id: 'security/tls-minimum-version',
  severity: 'warning',
  kinds: ['bootstrap', 'legacy'],
  description: 'A tls_minimum_version the gateway does not know (silently TLS 1.2), or one that allows TLS 1.0/1.1.',
  check(context) {
    const found = context.kind === 'bootstrap' ? lookupPath(context.document, '', 'api', 'https', 'tls_minimum_version') : lookup(context.document, '', 'tls_minimum_version');
    if (!found || typeof found.value !== 'string') return;
    const value = found.value;
    if (!KNOWN.includes(value)) {
      const fix = KNOWN.find((k) => k === value.toLowerCase().replace(/^tls\s*v?/, 'tlsv').replace(/^tlsv(\d)$/, 'tlsv$1.0').replace('tlsv1.0', 'tlsv1'));
      context.report({ pointer: found.pointer, message: `tls_minimum_version "${value}" is unknown, so the gateway silently uses TLS 1.2${fix ? `; did you mean "${fix}"?` : ''}`, detail: `Known values: ${KNOWN.map((k) => `"${k}"`).join(', ')}.` });
    } else if (value === 'tlsv1' || value === 'tlsv1.1') {
      context.report({ pointer: found.pointer, message: `tls_minimum_version "${value}" lets clients connect with the insecure TLS 1.0/1.1`, detail: 'Use "tlsv1.2" (the default) or "tlsv1.3".' });
    }
  },
};
