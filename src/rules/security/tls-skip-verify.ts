import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup, lookupPath, type Found } from '../../document/databases.js';

export const rule: Rule = {
  id: 'security/tls-skip-verify',
  severity: 'warning',
  kinds: ['bootstrap', 'legacy', 'database'],
  description: 'TLS certificate verification turned off for Couchbase Server, replication remotes or OIDC providers.',
  check(context) {
    const hits: { found: Found | undefined; what: string }[] = [];
    if (context.kind === 'bootstrap') hits.push({ found: lookupPath(context.document, '', 'bootstrap', 'server_tls_skip_verify'), what: 'the Couchbase Server certificate (bootstrap and every bucket connection)' });
    if (context.kind === 'legacy') hits.push({ found: lookup(context.document, '', 'server_tls_skip_verify'), what: 'the Couchbase Server certificate (bootstrap and every bucket connection)' });
    for (const db of databaseEntries(context.kind, context.document)) {
      hits.push({ found: lookupPath(db.config, db.pointer, 'unsupported', 'sgr_tls_skip_verify'), what: `the certificates of the replication remotes of ${dbLabel(db)}` });
      hits.push({ found: lookupPath(db.config, db.pointer, 'unsupported', 'oidc_tls_skip_verify'), what: `the certificates of the OIDC providers of ${dbLabel(db)}` });
    }
    for (const { found, what } of hits) {
      if (found?.value !== true) continue;
      context.report({ pointer: found.pointer, message: `certificate verification is off for ${what}`, detail: 'Anyone in the network path can impersonate the server and read the credentials. Use it for testing only; in production add the CA certificate instead.' });
    }
  },
};
