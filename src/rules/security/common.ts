// Where the server addresses and listener settings of each kind live.
import { databaseEntries, dbLabel, lookup, lookupPath, type Found } from '../../document/databases.js';
import type { RuleContext } from '../types.js';

export interface ServerSite {
  found: Found & { value: string };
  label: string;
  /** Legacy database servers go through the gateway's address upgrade first. */
  legacy: boolean;
}

/** The Couchbase Server addresses a config names: bootstrap.server, or every legacy database's server. */
export function serverSites(context: RuleContext): ServerSite[] {
  if (context.kind === 'bootstrap') {
    const found = lookupPath(context.document, '', 'bootstrap', 'server');
    return found && typeof found.value === 'string' && found.value !== '' ? [{ found: found as ServerSite['found'], label: 'bootstrap.server', legacy: false }] : [];
  }
  if (context.kind !== 'legacy') return [];
  const out: ServerSite[] = [];
  for (const db of databaseEntries(context.kind, context.document)) {
    const found = lookup(db.config, db.pointer, 'server');
    if (found && typeof found.value === 'string' && found.value !== '') out.push({ found: found as ServerSite['found'], label: `the server of ${dbLabel(db)}`, legacy: true });
  }
  return out;
}

/** `use_tls_server` as written (bootstrap section, or legacy root key). */
export function useTlsServer(context: RuleContext): Found | undefined {
  return context.kind === 'bootstrap' ? lookupPath(context.document, '', 'bootstrap', 'use_tls_server') : lookup(context.document, '', 'use_tls_server');
}


