import type { Rule } from '../types.js';
import { databaseEntries, get, isLegacyMode, lookup, type DatabaseEntry } from '../../document/databases.js';
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
      const first = seen.get(bucket);
      if (!first) {
        seen.set(bucket, db);
        continue;
      }
      const pointer = bucketField?.pointer ?? db.pointer;
      if (!legacyMode) {
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
