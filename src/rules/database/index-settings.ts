import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup, lookupPath, sharedBucketAccess, validated } from '../../document/databases.js';

export const rule: Rule = {
  id: 'database/index-settings',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'Index settings the gateway rejects: num_index_replicas together with index.num_replicas, index.num_partitions without shared bucket access.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      const old = lookup(db.config, db.pointer, 'num_index_replicas');
      const replicas = lookupPath(db.config, db.pointer, 'index', 'num_replicas');
      const partitions = lookupPath(db.config, db.pointer, 'index', 'num_partitions');
      if (old && replicas) {
        context.report(validated(db, context, { pointer: old.pointer, message: `${dbLabel(db)}: num_index_replicas and index.num_replicas are both set`, detail: 'The gateway rejects the database. Keep index.num_replicas.' }));
      }
      // D44 (the deprecated key alone) is reported once, by schema/deprecated.
      if (partitions && !sharedBucketAccess(db)) {
        context.report(validated(db, context, { pointer: partitions.pointer, message: `${dbLabel(db)}: index.num_partitions needs shared bucket access, which is off${db.legacy && !lookup(db.config, db.pointer, 'enable_shared_bucket_access') ? ' (legacy default)' : ''}`, detail: 'The gateway rejects the database.' }));
      }
    }
  },
};
