import type { Rule } from '../types.js';
import { isTestStoreAddress, upgradeServerAddress } from '../upgrade/server-address.js';
import { redactUrl } from '../sgreplicate/common.js';
import { serverSites, useTlsServer } from './common.js';
import { underTarget } from '../../releases/index.js';

export const rule: Rule = {
  id: 'security/non-tls-server',
  severity: 'error',
  kinds: ['bootstrap', 'legacy'],
  facts: ['server-without-tls'],
  description: 'A Couchbase Server address without TLS: later releases refuse to start unless use_tls_server is false, and it is clear-text traffic when it is.',
  check(context) {
    const tls = useTlsServer(context);
    const optedOut = tls?.value === false;
    const verdict = context.judge('server-without-tls');
    for (const site of serverSites(context)) {
      const written = site.found.value;
      if (isTestStoreAddress(written)) continue;
      const upgraded = site.legacy ? upgradeServerAddress(written).server : written;
      const shown = redactUrl(upgraded);
      const via = site.legacy && upgraded !== written ? ` The gateway upgrades the address to "${shown}".` : '';
      const when = site.legacy ? 'The automatic upgrade stores the databases and rewrites the file, then the gateway refuses to start, on this and every later start.' : 'The gateway refuses to start.';
      if (upgraded.startsWith('couchbases:')) {
        if (optedOut) context.report({ pointer: tls!.pointer, message: `use_tls_server is false but ${site.label} is a couchbases:// (TLS) address`, detail: `${when} Remove "use_tls_server": false.` });
        continue;
      }
      if (!optedOut) {
        if (!verdict) continue;
        const https = /^https:/i.test(upgraded) ? ' An https:// address does not count as secure: only couchbases:// does.' : '';
        context.report({ pointer: site.found.pointer, ...underTarget(verdict, `${site.label} is not a TLS address and use_tls_server is not false`,
          `With use_tls_server at its default (true): ${when.charAt(0).toLowerCase()}${when.slice(1)}${via}${https} Use "couchbases://<host>", or set "use_tls_server": false to accept clear text.`) });
      } else {
        context.report({ pointer: site.found.pointer, severity: 'warning', message: `${site.label} is not a TLS address: credentials and documents travel in clear text`, detail: `use_tls_server is false.${via} Use "couchbases://<host>" where the cluster supports TLS.` });
      }
    }
  },
};
