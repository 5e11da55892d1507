import type { Rule } from '../types.js';
import { databaseEntries, isLegacyMode, lookup, type DatabaseEntry } from '../../document/databases.js';
import { upgradeOfLaterReleases } from '../../releases/reading.js';
import { upgradeServerAddress, WALRUS_IN_MEMORY } from './server-address.js';

export const rule: Rule = {
  id: 'upgrade/shared-bucket',
  severity: 'error',
  kinds: ['legacy'],
  description: 'Two legacy databases on one bucket (the bucket defaults to the database name).',
  check(context) {
    // Without the automatic upgrade (2.8, or legacy mode from 3.0) every database starts, and a bucket is the
    // same only on the same cluster (2.8 compares bucket UUIDs); the upgrade refuses different servers anyway
    // (upgrade/server-mismatch).
    const upgrades = context.upgradesLegacyConfigs && !isLegacyMode(context.document);
    const dbs = databaseEntries(context.kind, context.document);
    // Not upgrading, a target that has the automatic upgrade runs the file in legacy mode, with a bootstrap address.
    const clusterOf = upgrades ? () => '' : clusters(dbs, context.upgradesLegacyConfigs);
    const seen = new Map<string, DatabaseEntry>();
    for (const db of dbs) {
      const bucketField = lookup(db.config, db.pointer, 'bucket');
      const bucket = typeof bucketField?.value === 'string' && bucketField.value !== '' ? bucketField.value : db.name ?? '';
      const cluster = clusterOf(db);
      if (cluster === null) continue;
      const key = JSON.stringify([cluster, bucket]);
      const first = seen.get(key);
      if (!first) {
        seen.set(key, db);
        continue;
      }
      const place = { pointer: bucketField?.pointer ?? db.pointer, target: bucketField ? undefined : 'key' as const };
      const message = `databases "${first.name}" and "${db.name}" both use bucket "${bucket}"`;
      if (upgrades) {
        context.report({ ...place, message, detail: 'A missing bucket defaults to the database name. The automatic upgrade allows one database per bucket and refuses to start. Give each database its own bucket, or convert by hand with named collections.' });
      } else if (context.upgradesLegacyConfigs) {
        context.report({
          ...place, severity: 'warning', message,
          detail: 'A missing bucket defaults to the database name. Legacy mode starts both, without a word, on the bucket\'s default collection: they share its documents and their sync metadata, so a document\'s channels and access are what the database that last wrote it computed. Give each database its own bucket.',
        });
      } else {
        context.report({
          ...place, severity: 'warning', message,
          detail: `A missing bucket defaults to the database name. The target starts them, with a warning that a shared bucket may behave unexpectedly unless security is defined the same way; the automatic upgrade${upgradeOfLaterReleases(false)} refuses to start. Give each database its own bucket.`,
        });
      }
    }
  },
};

/**
 * Each database's cluster, where every database starts: its server after the gateway's address upgrade (legacy
 * mode upgrades each one; under 2.8 it only tells "http://h:8091" and "couchbase://h" to be one cluster). A
 * database without one uses walrus: under 2.8 (rest/config.go@2.8.0 DefaultServer) and the bootstrap address
 * in legacy mode, which the gateway takes from another database (rest/config_legacy.go@4.1.1 ToStartupConfig)
 * or from -bootstrap.server: known when the others name one cluster or none, null (unknown) otherwise.
 */
function clusters(dbs: readonly DatabaseEntry[], hasBootstrapAddress: boolean): (db: DatabaseEntry) => string | null {
  const named = new Map<DatabaseEntry, string>();
  for (const db of dbs) {
    const server = lookup(db.config, db.pointer, 'server')?.value;
    if (typeof server === 'string' && server !== '') named.set(db, upgradeServerAddress(server).server);
  }
  const distinct = new Set(named.values());
  // With no server at all, every database is on the address given with -bootstrap.server.
  const bootstrap = distinct.size === 0 ? '' : distinct.size === 1 ? [...distinct][0]! : null;
  return (db) => named.get(db) ?? (hasBootstrapAddress ? bootstrap : WALRUS_IN_MEMORY);
}
