import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup, lookupPath, nonEmptyString } from '../../document/databases.js';

export const rule: Rule = {
  id: 'bootstrap/skip-verify-with-ca',
  severity: 'error',
  kinds: ['bootstrap', 'legacy'],
  description: 'server_tls_skip_verify true together with a CA certificate path.',
  check(context) {
    if (context.kind === 'bootstrap') {
      const skip = lookupPath(context.document, '', 'bootstrap', 'server_tls_skip_verify');
      const ca = lookupPath(context.document, '', 'bootstrap', 'ca_cert_path');
      if (skip?.value === true && nonEmptyString(ca?.value)) {
        context.report({ pointer: skip.pointer, message: 'server_tls_skip_verify true cannot be combined with ca_cert_path', detail: 'The gateway refuses to start. Keep ca_cert_path and remove server_tls_skip_verify.' });
      }
      return;
    }
    const skip = lookup(context.document, '', 'server_tls_skip_verify');
    if (skip?.value !== true) return;
    for (const db of databaseEntries(context.kind, context.document)) {
      const ca = lookup(db.config, db.pointer, 'cacertpath');
      if (nonEmptyString(ca?.value)) {
        context.report({ pointer: ca!.pointer, message: `${dbLabel(db)} sets cacertpath while server_tls_skip_verify is true`, detail: 'When this database provides the bootstrap identity, its cacertpath becomes bootstrap.ca_cert_path and the gateway refuses to start. Remove server_tls_skip_verify and keep the CA certificate.' });
      }
    }
  },
};
