import type { Rule } from '../types.js';
import { databaseEntries, get, isLegacyMode, lookup, type DatabaseEntry } from '../../document/databases.js';
import { READING } from '../../releases/reading.js';
import { isObject } from '../../types.js';

export const rule: Rule = {
  id: 'upgrade/shared-bucket',
  severity: 'error',
  kinds: ['legacy'],
  description: 'Two legacy databases on one bucket (the bucket defaults to the database name).',
  check(context) {
    const legacyMode = isLegacyMode(context.document);
    const seen = new Map<string, DatabaseEntry>();
    for (const db of databaseEntries(context.kind, context.document)) {
      const bucketField = lookup(db.config, db.pointer, 'bucket');
      const bucket = typeof bucketField?.value === 'string' && bucketField.value !== '' ? bucketField.value : db.name ?? '';
      // Without the automatic upgrade a bucket is the same only on the same cluster (the gateway compares
      // bucket UUIDs); the upgrade refuses different servers anyway (upgrade/server-mismatch).
      const server = lookup(db.config, db.pointer, 'server')?.value;
      const key = context.upgradesLegacyConfigs ? bucket : JSON.stringify([typeof server === 'string' ? server : '', bucket]);
      const first = seen.get(key);
      if (!first) {
        seen.set(key, db);
        continue;
      }
      const pointer = bucketField?.pointer ?? db.pointer;
      if (!context.upgradesLegacyConfigs) {
        context.report({
          pointer, target: bucketField ? undefined : 'key', severity: 'warning', message: `databases "${first.name}" and "${db.name}" both use bucket "${bucket}"`,
          detail: `A missing bucket defaults to the database name. The target starts them, with a warning that a shared bucket may behave unexpectedly unless security is defined the same way; the automatic upgrade of ${READING.automaticUpgrade.from} and later refuses to start. Give each database its own bucket.`,
        });
      } else if (!legacyMode) {
        context.report({ pointer, target: bucketField ? undefined : 'key', message: `databases "${first.name}" and "${db.name}" both use bucket "${bucket}"`, detail: 'A missing bucket defaults to the database name. The automatic upgrade allows one database per bucket and refuses to start. Give each database its own bucket, or convert by hand with named collections.' });
      } else {
        const shared = sharedCollection(first, db);
        if (shared) {
          context.report({ pointer, target: bucketField ? undefined : 'key', message: `databases "${first.name}" and "${db.name}" both use the collection ${shared} of bucket "${bucket}"`, detail: 'A collection can belong to one database only, so loading the second fails and the gateway in legacy mode refuses to start.' });
        }
      }
    }
  },
};

function collectionsOf(db: DatabaseEntry): Set<string> {
  const scopes = get(db.config, 'scopes');
  if (!isObject(scopes)) return new Set(['_default._default']);
  const out = new Set<string>();
  for (const [scope, value] of Object.entries(scopes)) {
    const collections = get(value, 'collections');
    if (isObject(collections)) for (const name of Object.keys(collections)) out.add(`${scope}.${name}`);
  }
  return out;
}

function sharedCollection(a: DatabaseEntry, b: DatabaseEntry): string | undefined {
  const bs = collectionsOf(b);
  for (const c of collectionsOf(a)) if (bs.has(c)) return c;
  return undefined;
}
