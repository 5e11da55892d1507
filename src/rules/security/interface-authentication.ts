import type { Rule } from '../types.js';
import { isLoopbackHost, listenHost, lookup, lookupPath, type Found } from '../../document/databases.js';
import { ADMIN_API_AUTHENTICATION, authenticatesAdminApi } from '../../releases/listeners.js';

const LISTENERS = [
  { auth: 'admin_interface_authentication', iface: 'admin_interface', legacyIface: 'adminInterface', fallback: '127.0.0.1:4985', what: 'admin' },
  { auth: 'metrics_interface_authentication', iface: 'metrics_interface', legacyIface: 'metricsInterface', fallback: '127.0.0.1:4986', what: 'metrics' },
] as const;

export const rule: Rule = {
  id: 'security/interface-authentication',
  severity: 'warning',
  kinds: ['bootstrap', 'legacy'],
  description: 'Admin or metrics API authentication turned off (an error when that interface listens beyond the loopback address), or, in a release whose admin and metrics APIs take no credentials, such an interface beyond the loopback address.',
  check(context) {
    const authenticates = authenticatesAdminApi(context.target);
    for (const l of LISTENERS) {
      const iface = context.kind === 'bootstrap' ? lookupPath(context.document, '', 'api', l.iface) : lookup(context.document, '', l.legacyIface);
      const address = typeof iface?.value === 'string' && iface.value !== '' ? iface.value : l.fallback;
      const host = listenHost(address);
      const everyInterface = host === '' || host === '0.0.0.0' || host === '::' ? ' (every network interface)' : '';
      if (!authenticates) {
        // No release without authentication reads a bootstrap config; the *_authentication keys are unknown there (schema).
        // A warning, not the error of authentication turned off: the config cannot turn it on, and whether the
        // network reaches the port (a container's unpublished port, a private network) is not in the file.
        if (context.kind !== 'legacy' || !iface || isLoopbackHost(host)) continue;
        context.report({
          pointer: iface.pointer,
          message: `the ${l.what} interface listens on "${address}"${everyInterface}, and this release's ${l.what} API takes no credentials`,
          detail: `Anyone on the network gets the ${l.what} API${l.what === 'admin' ? ' (full control of every database, users and documents)' : ''}: the gateway asks for credentials there only from ${ADMIN_API_AUTHENTICATION.from}. Unless only trusted hosts can reach the port (a container's port that is not published, a private network), bind the interface to 127.0.0.1 and reach it through a tunnel or a proxy that authenticates.`,
        });
        continue;
      }
      const auth: Found | undefined = context.kind === 'bootstrap' ? lookupPath(context.document, '', 'api', l.auth) : lookup(context.document, '', l.auth);
      if (auth?.value !== false) continue;
      if (isLoopbackHost(host)) {
        context.report({ pointer: auth.pointer, message: `${l.auth} is false: the ${l.what} API at ${address} takes no credentials`, detail: `Anyone who can reach ${address} on this machine uses it. Keep authentication on (the default) and give the clients an RBAC user.` });
      } else {
        context.report({ pointer: auth.pointer, severity: 'error', message: `${l.auth} is false and the ${l.what} interface listens on "${address}"${everyInterface}`,
          detail: `Anyone on the network gets the ${l.what} API without credentials${l.what === 'admin' ? ' (full control of every database, users and documents)' : ''}. Turn authentication back on, or bind the interface to 127.0.0.1.` });
      }
    }
  },
};
