// Small builders for replication test tables: one database with the given replications.
export const GOOD = { replication_id: 'r1', remote: 'https://sg2.example.com:4984/db', direction: 'pull', continuous: true, max_backoff_time: 5 };

export function legacyWith(replications: Record<string, unknown>, db: Record<string, unknown> = {}): unknown {
  return { databases: { db: { server: 'couchbases://cb1', bucket: 'b', enable_shared_bucket_access: true, ...db, replications } } };
}

export function databaseWith(replications: Record<string, unknown>, db: Record<string, unknown> = {}): unknown {
  return { name: 'db', bucket: 'b', ...db, replications };
}

export const L = '/databases/db/replications';
export const D = '/replications';
