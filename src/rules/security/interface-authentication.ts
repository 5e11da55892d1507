import type { Rule } from '../types.js';
import { isLoopbackHost, listenHost, lookup, lookupPath, type Found } from '../../document/databases.js';

const LISTENERS = [
  { auth: 'admin_interface_authentication', iface: 'admin_interface', legacyIface: 'adminInterface', fallback: '127.0.0.1:4985', what: 'admin' },
  { auth: 'metrics_interface_authentication', iface: 'metrics_interface', legacyIface: 'metricsInterface', fallback: '127.0.0.1:4986', what: 'metrics' },
] as const;

export const rule: Rule = {
  id: 'security/interface-authentication',
  severity: 'warning',
  kinds: ['bootstrap', 'legacy'],
  description: 'Admin or metrics API authentication turned off; an error when that interface listens beyond the loopback address.',
  check(context) {
    for (const l of LISTENERS) {
      const auth: Found | undefined = context.kind === 'bootstrap' ? lookupPath(context.document, '', 'api', l.auth) : lookup(context.document, '', l.auth);
      if (auth?.value !== false) continue;
      const iface = context.kind === 'bootstrap' ? lookupPath(context.document, '', 'api', l.iface) : lookup(context.document, '', l.legacyIface);
      const address = typeof iface?.value === 'string' && iface.value !== '' ? iface.value : l.fallback;
      const host = listenHost(address);
      if (isLoopbackHost(host)) {
        context.report({ pointer: auth.pointer, message: `${l.auth} is false: the ${l.what} API at ${address} takes no credentials`, detail: `Anyone who can reach ${address} on this machine uses it. Keep authentication on (the default) and give the clients an RBAC user.` });
      } else {
        context.report({ pointer: auth.pointer, severity: 'error', message: `${l.auth} is false and the ${l.what} interface listens on "${address}"${host === '' || host === '0.0.0.0' || host === '::' ? ' (every network interface)' : ''}`,
          detail: `Anyone on the network gets the ${l.what} API without credentials${l.what === 'admin' ? ' (full control of every database, users and documents)' : ''}. Turn authentication back on, or bind the interface to 127.0.0.1.` });
      }
    }
  },
};
