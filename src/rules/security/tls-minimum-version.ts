import type { Rule } from '../types.js';
import { lookup, lookupPath } from '../../document/databases.js';
import { TLS_MINIMUM_DEFAULTS, tlsMinimumDefault } from '../../releases/listeners.js';

const KNOWN = ['tlsv1', 'tlsv1.1', 'tlsv1.2', 'tlsv1.3'];
const INSECURE = ['tlsv1', 'tlsv1.1'];

export const rule: Rule = {
  id: 'security/tls-minimum-version',
  severity: 'warning',
  kinds: ['bootstrap', 'legacy'],
  description: 'A tls_minimum_version the gateway does not know (silently its default), one that allows TLS 1.0/1.1, or none where the release\'s default allows them and the gateway serves HTTPS.',
  check(context) {
    const bootstrap = context.kind === 'bootstrap';
    const found = bootstrap ? lookupPath(context.document, '', 'api', 'https', 'tls_minimum_version') : lookup(context.document, '', 'tls_minimum_version');
    const fallback = tlsMinimumDefault(context.target);
    const secureAdvice = `Use "tlsv1.2"${fallback.value === 'tlsv1.2' ? ' (the default)' : ''} or "tlsv1.3".`;
    if (!found) {
      // The listeners serve HTTPS whenever a certificate is named (base/http_listener.go ListenAndServeHTTP).
      const cert = bootstrap ? lookupPath(context.document, '', 'api', 'https', 'tls_cert_path') : lookup(context.document, '', 'SSLCert');
      if (!cert || typeof cert.value !== 'string' || cert.value === '' || !INSECURE.includes(fallback.value)) return;
      context.report({
        pointer: cert.pointer,
        message: `tls_minimum_version is unset, so the HTTPS listeners take the insecure ${fallback.protocol} and up`,
        detail: `${fallback.protocol} is this release's default (later releases take ${TLS_MINIMUM_DEFAULTS.at(-1)!.protocol}). Set "tls_minimum_version": "tlsv1.2" (or "tlsv1.3").`,
      });
      return;
    }
    if (typeof found.value !== 'string') return;
    const value = found.value;
    if (!KNOWN.includes(value)) {
      const fix = KNOWN.find((k) => k === value.toLowerCase().replace(/^tls\s*v?/, 'tlsv').replace(/^tlsv(\d)$/, 'tlsv$1.0').replace('tlsv1.0', 'tlsv1'));
      context.report({
        pointer: found.pointer,
        message: `tls_minimum_version "${value}" is unknown, so the gateway silently uses ${fallback.protocol}${fix ? `; did you mean "${fix}"?` : ''}`,
        detail: `Known values (exactly): ${KNOWN.map((k) => `"${k}"`).join(', ')}.${INSECURE.includes(fallback.value) ? ` ${fallback.protocol} is insecure: ${secureAdvice}` : ''}`,
      });
    } else if (INSECURE.includes(value)) {
      context.report({ pointer: found.pointer, message: `tls_minimum_version "${value}" lets clients connect with the insecure TLS 1.0/1.1`, detail: secureAdvice });
    }
  },
};
