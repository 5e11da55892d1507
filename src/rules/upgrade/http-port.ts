import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup } from '../../document/databases.js';
import { upgradeServerAddress } from './server-address.js';
import { underTarget } from '../../releases/index.js';

export const rule: Rule = {
  id: 'upgrade/http-port',
  severity: 'error',
  kinds: ['legacy'],
  facts: ['legacy-automatic-upgrade-blocked'],
  description: 'A legacy http:// server address with a port other than 8091, which the gateway\'s address upgrade cannot turn into a couchbase:// address.',
  check(context) {
    const verdict = context.judge('legacy-automatic-upgrade-blocked');
    if (!verdict) return;
    for (const db of databaseEntries(context.kind, context.document)) {
      const server = lookup(db.config, db.pointer, 'server');
      if (typeof server?.value !== 'string') continue;
      const upgraded = upgradeServerAddress(server.value);
      if (!upgraded.ok && upgraded.reason === 'port') {
        context.report({ pointer: server.pointer, ...underTarget(verdict, `${dbLabel(db)}: the http:// server address cannot be upgraded (port other than 8091)`,
          `The address upgrade says: ${upgraded.message}. The gateway logs an error, keeps the address unchanged and then fails its startup checks. Write "couchbases://<host>" (or "couchbase://<host>" with "use_tls_server": false).`) });
      }
    }
  },
};
