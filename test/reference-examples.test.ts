// Reference section 11 ("Example error conditions"): every example that the cross-field rule groups cover
// (replication, sgreplicate, upgrade, security, database, bootstrap), with the severity the policy gives it:
// refuse to start / refuse a database / lose data = error; ignored, insecure, deprecated = warning; worth knowing = info.
//
// Left to other groups: 1, 2, 12 (max_concurrent_revs range), 14, 31, 32, 40 (string "true"), the 16-character
// key of 47 and "direction": "both" of 54 -> schema; 16, 17, 18 -> source (dialect); 33, 34, 60 -> functions;
// 50-53 -> webhook; 62-64 (command-line flags, not config content) -> none; 65 (null database) -> schema.
import { describe, expect, it } from 'vitest';
import { lintText } from '../src/lint.js';
import type { Kind, Severity } from '../src/types.js';

interface Expected {
  rule: string;
  severity: Severity;
  pointer: string;
}

interface Example {
  example: string;
  kind: Kind;
  config: unknown;
  edition?: 'ee' | 'ce';
  expect: Expected[];
  /** Rules that must stay silent on this config. */
  silent?: string[];
}

const S = 'couchbases://cb1';
const REMOTE = 'https://sg2.example.com:4984/db';
const repl = (r: Record<string, unknown>) => ({ replication_id: 'r1', remote: REMOTE, direction: 'pull', max_backoff_time: 5, ...r });
const legacyRepl = (r: Record<string, unknown>) => ({ databases: { db: { server: S, enable_shared_bucket_access: true, replications: { r1: repl(r) } } } });
const dbRepl = (r: Record<string, unknown>) => ({ name: 'db', replications: { r1: repl(r) } });

const EXAMPLES: Example[] = [
  { example: '3: no bootstrap.server', kind: 'bootstrap', config: { api: { public_interface: ':4984' } }, expect: [{ rule: 'bootstrap/missing-server', severity: 'error', pointer: '' }] },
  { example: '4: couchbase:// with use_tls_server at its default', kind: 'bootstrap', config: { bootstrap: { server: 'couchbase://cb1' } }, expect: [{ rule: 'security/non-tls-server', severity: 'error', pointer: '/bootstrap/server' }] },
  { example: '5: https:// is not secure', kind: 'bootstrap', config: { bootstrap: { server: 'https://cb1:18091' } }, expect: [{ rule: 'security/non-tls-server', severity: 'error', pointer: '/bootstrap/server' }] },
  { example: '6: couchbases:// with use_tls_server false', kind: 'bootstrap', config: { bootstrap: { server: 'couchbases://cb1', use_tls_server: false } }, expect: [{ rule: 'security/non-tls-server', severity: 'error', pointer: '/bootstrap/use_tls_server' }] },
  { example: '7: server_tls_skip_verify with ca_cert_path', kind: 'bootstrap', config: { bootstrap: { server: S, server_tls_skip_verify: true, ca_cert_path: '/etc/ca.pem' } }, expect: [{ rule: 'bootstrap/skip-verify-with-ca', severity: 'error', pointer: '/bootstrap/server_tls_skip_verify' }, { rule: 'security/tls-skip-verify', severity: 'warning', pointer: '/bootstrap/server_tls_skip_verify' }] },
  { example: '8: tls_cert_path without tls_key_path', kind: 'bootstrap', config: { bootstrap: { server: S }, api: { https: { tls_cert_path: 'c.pem' } } }, expect: [{ rule: 'bootstrap/tls-cert-key-pair', severity: 'error', pointer: '/api/https/tls_cert_path' }] },
  { example: '9: bcrypt_cost 5', kind: 'bootstrap', config: { bootstrap: { server: S }, auth: { bcrypt_cost: 5 } }, expect: [{ rule: 'bootstrap/bcrypt-cost', severity: 'error', pointer: '/auth/bcrypt_cost' }] },
  { example: '9: bcrypt_cost 0 is silent', kind: 'bootstrap', config: { bootstrap: { server: S }, auth: { bcrypt_cost: 0 } }, expect: [], silent: ['bootstrap/bcrypt-cost'] },
  { example: '10: CE with group_id', kind: 'bootstrap', edition: 'ce', config: { bootstrap: { server: S, group_id: 'edge' } }, expect: [{ rule: 'bootstrap/edition', severity: 'error', pointer: '/bootstrap/group_id' }] },
  { example: '10: CE with enable_advanced_auth_dp', kind: 'bootstrap', edition: 'ce', config: { bootstrap: { server: S }, api: { enable_advanced_auth_dp: true } }, expect: [{ rule: 'bootstrap/edition', severity: 'error', pointer: '/api/enable_advanced_auth_dp' }] },
  {
    example: '11: password and X.509 in bucket_credentials / database_credentials', kind: 'bootstrap',
    config: { bootstrap: { server: S }, bucket_credentials: { b: { password: 'pw', x509_cert_path: 'c.pem', x509_key_path: 'k.pem' } }, database_credentials: { db: { password: 'pw', x509_cert_path: 'c.pem', x509_key_path: 'k.pem' } } },
    expect: [{ rule: 'bootstrap/credentials-x509-and-password', severity: 'error', pointer: '/bucket_credentials/b' }, { rule: 'bootstrap/credentials-x509-and-password', severity: 'warning', pointer: '/database_credentials/db' }],
  },
  { example: '13: tls_minimum_version "TLS1.3"', kind: 'bootstrap', config: { bootstrap: { server: S }, api: { https: { tls_minimum_version: 'TLS1.3' } } }, expect: [{ rule: 'security/tls-minimum-version', severity: 'warning', pointer: '/api/https/tls_minimum_version' }] },
  { example: '15: info max_age 1', kind: 'bootstrap', config: { bootstrap: { server: S }, logging: { info: { rotation: { max_age: 1 } } } }, expect: [{ rule: 'bootstrap/log-rotation', severity: 'error', pointer: '/logging/info/rotation/max_age' }] },
  {
    example: '19: 2.x-only keys', kind: 'legacy',
    config: { logging: { default: { logLevel: 'info' } }, MaxCouchbaseConnections: 16, databases: { db: { server: S, deprecated: {}, channel_index: {} } } },
    expect: [
      { rule: 'upgrade/removed-key', severity: 'error', pointer: '/logging/default' },
      { rule: 'upgrade/removed-key', severity: 'error', pointer: '/MaxCouchbaseConnections' },
      { rule: 'upgrade/removed-key', severity: 'error', pointer: '/databases/db/deprecated' },
      { rule: 'upgrade/removed-key', severity: 'error', pointer: '/databases/db/channel_index' },
    ],
  },
  { example: '20: top-level replications', kind: 'legacy', config: { databases: { db: { server: S } }, replications: [{ source: 'db', target: `${REMOTE}` }] }, expect: [{ rule: 'sgreplicate/removed', severity: 'error', pointer: '/replications' }] },
  { example: '21: servers differ after upgrade', kind: 'legacy', config: { databases: { a: { server: 'couchbases://cb1' }, b: { server: 'couchbases://cb2' } } }, expect: [{ rule: 'upgrade/server-mismatch', severity: 'error', pointer: '/databases/b/server' }] },
  { example: '21: accepted in legacy mode', kind: 'legacy', config: { disable_persistent_config: true, databases: { a: { server: 'couchbases://cb1' }, b: { server: 'couchbases://cb2' } } }, expect: [], silent: ['upgrade/server-mismatch'] },
  { example: '22: database without server (upgrade)', kind: 'legacy', config: { databases: { a: { server: S }, b: {} } }, expect: [{ rule: 'upgrade/database-without-server', severity: 'error', pointer: '/databases/b' }] },
  { example: '22: database without server (legacy mode)', kind: 'legacy', config: { disable_persistent_config: true, databases: { a: { server: S }, b: {} } }, expect: [{ rule: 'upgrade/database-without-server', severity: 'info', pointer: '/databases/b' }] },
  { example: '23: two databases on one bucket', kind: 'legacy', config: { databases: { a: { server: S }, b: { server: S, bucket: 'a' } } }, expect: [{ rule: 'upgrade/shared-bucket', severity: 'error', pointer: '/databases/b/bucket' }] },
  { example: '24: config_upgrade_group_id on CE', kind: 'legacy', edition: 'ce', config: { config_upgrade_group_id: 'edge', databases: { a: { server: S } } }, expect: [{ rule: 'upgrade/group-id-ce', severity: 'error', pointer: '/config_upgrade_group_id' }] },
  { example: '25: http://cb1:9000', kind: 'legacy', config: { databases: { a: { server: 'http://cb1:9000' } } }, expect: [{ rule: 'upgrade/http-port', severity: 'error', pointer: '/databases/a/server' }, { rule: 'security/non-tls-server', severity: 'error', pointer: '/databases/a/server' }] },
  { example: '26: http://cb1:8091 without use_tls_server false', kind: 'legacy', config: { databases: { a: { server: 'http://cb1:8091' } } }, expect: [{ rule: 'security/non-tls-server', severity: 'error', pointer: '/databases/a/server' }] },
  { example: '27: replication_id differs from its key', kind: 'legacy', config: legacyRepl({ replication_id: 'other' }), expect: [{ rule: 'replication/id-mismatch', severity: 'error', pointer: '/databases/db/replications/r1/replication_id' }] },
  { example: '28: adhoc in a legacy file', kind: 'legacy', config: legacyRepl({ adhoc: true }), expect: [{ rule: 'replication/adhoc', severity: 'error', pointer: '/databases/db/replications/r1/adhoc' }] },
  { example: '29: different credentials', kind: 'legacy', config: { databases: { a: { server: S, username: 'u1', password: 'p1' }, b: { server: S, bucket: 'b', username: 'u2', password: 'p2' } } }, expect: [{ rule: 'upgrade/credentials-differ', severity: 'info', pointer: '/databases/b/username' }] },
  { example: '30: users in several databases', kind: 'legacy', config: { databases: { a: { server: S, users: { u: { password: 'pw1' } } }, b: { server: S, bucket: 'b', users: { v: { password: 'pw2' } } } } }, expect: [{ rule: 'upgrade/principals', severity: 'warning', pointer: '/databases/a/users' }, { rule: 'upgrade/principals', severity: 'warning', pointer: '/databases/b/users' }] },
  {
    example: '35: sync with scopes, two scopes, an empty scope', kind: 'database',
    config: { name: 'db', sync: 'function(doc) { channel(doc.ch); }', scopes: { s: { collections: { c: {} } }, t: { collections: {} } } },
    expect: [{ rule: 'database/scopes', severity: 'error', pointer: '/sync' }, { rule: 'database/scopes', severity: 'error', pointer: '/scopes' }, { rule: 'database/scopes', severity: 'error', pointer: '/scopes/t/collections' }],
  },
  { example: '36: use_views with scopes', kind: 'database', config: { name: 'db', use_views: true, scopes: { s: { collections: { c: {} } } } }, expect: [{ rule: 'database/views-incompatible', severity: 'error', pointer: '/use_views' }] },
  { example: '37: revs_limit 10 with allow_conflicts unset (4.1 does not allow conflicts by default)', kind: 'database', config: { name: 'db', revs_limit: 10 }, expect: [] },
  { example: '38: allow_conflicts true', kind: 'database', config: { name: 'db', allow_conflicts: true }, expect: [{ rule: 'database/allow-conflicts', severity: 'error', pointer: '/allow_conflicts' }] },
  // 39: LOADFAIL from 4.0 (the default target, 4.1); every 3.x loads it with a deprecation warning.
  { example: '39: enable_shared_bucket_access false', kind: 'database', config: { name: 'db', enable_shared_bucket_access: false }, expect: [{ rule: 'upgrade/shared-bucket-access-off', severity: 'error', pointer: '/enable_shared_bucket_access' }] },
  { example: '39: upgraded config that did not set it', kind: 'legacy', config: { databases: { db: { server: S } } }, expect: [{ rule: 'upgrade/shared-bucket-access-off', severity: 'error', pointer: '/databases/db' }] },
  { example: '40: import_docs "continuous"', kind: 'database', config: { name: 'db', import_docs: 'continuous' }, expect: [{ rule: 'upgrade/removed-key', severity: 'warning', pointer: '/import_docs' }] },
  { example: '41: import_partitions on CE', kind: 'database', edition: 'ce', config: { name: 'db', import_partitions: 8 }, expect: [{ rule: 'database/edition', severity: 'warning', pointer: '/import_partitions' }], silent: ['database/import-partitions'] },
  { example: '41: import_partitions on EE without shared bucket access', kind: 'database', config: { name: 'db', enable_shared_bucket_access: false, import_partitions: 8 }, expect: [{ rule: 'database/import-partitions', severity: 'error', pointer: '/import_partitions' }] },
  { example: '41: import_partitions on EE with import disabled', kind: 'database', config: { name: 'db', import_docs: false, import_partitions: 8 }, expect: [{ rule: 'database/import-partitions', severity: 'error', pointer: '/import_partitions' }] },
  { example: '42: compact_interval_days 0.01', kind: 'database', config: { name: 'db', compact_interval_days: 0.01 }, expect: [{ rule: 'database/compact-interval', severity: 'error', pointer: '/compact_interval_days' }] },
  { example: '43: low watermark 90 on EE', kind: 'database', config: { name: 'db', cache: { channel_cache: { compact_low_watermark_pct: 90 } } }, expect: [{ rule: 'database/channel-cache', severity: 'error', pointer: '/cache/channel_cache/compact_low_watermark_pct' }] },
  { example: '43: low watermark 90 on CE', kind: 'database', edition: 'ce', config: { name: 'db', cache: { channel_cache: { compact_low_watermark_pct: 90 } } }, expect: [{ rule: 'database/edition', severity: 'warning', pointer: '/cache/channel_cache/compact_low_watermark_pct' }], silent: ['database/channel-cache'] },
  { example: '44: max_memory_count_mb 20', kind: 'database', config: { name: 'db', cache: { rev_cache: { max_memory_count_mb: 20 } } }, expect: [{ rule: 'database/rev-cache-memory', severity: 'error', pointer: '/cache/rev_cache/max_memory_count_mb' }] },
  { example: '45: rev_max_age_seconds 60', kind: 'database', config: { name: 'db', delta_sync: { enabled: true, rev_max_age_seconds: 60 } }, expect: [{ rule: 'database/delta-sync-rev-max-age', severity: 'error', pointer: '/delta_sync/rev_max_age_seconds' }] },
  { example: '46: query_pagination_limit 1', kind: 'database', config: { name: 'db', query_pagination_limit: 1 }, expect: [{ rule: 'database/query-pagination-limit', severity: 'error', pointer: '/query_pagination_limit' }] },
  { example: '47: user_xattr_key on CE', kind: 'database', edition: 'ce', config: { name: 'db', user_xattr_key: 'channels' }, expect: [{ rule: 'database/user-xattr-key', severity: 'error', pointer: '/user_xattr_key' }] },
  { example: '48: both replica keys', kind: 'database', config: { name: 'db', num_index_replicas: 1, index: { num_replicas: 1 } }, expect: [{ rule: 'database/index-settings', severity: 'error', pointer: '/num_index_replicas' }] },
  { example: '48: more replicas than index nodes', kind: 'database', config: { name: 'db', index: { num_replicas: 2 } }, expect: [{ rule: 'upgrade/index-replicas', severity: 'info', pointer: '/index/num_replicas' }] },
  { example: '49: provider named my_provider', kind: 'database', config: { name: 'db', oidc: { providers: { my_provider: { issuer: 'https://id.example.com', client_id: 'app' } } } }, expect: [{ rule: 'database/oidc-providers', severity: 'error', pointer: '/oidc/providers/my_provider' }] },
  { example: '49: provider without client_id, none left', kind: 'database', config: { name: 'db', oidc: { providers: { p: { issuer: 'https://id.example.com' } } } }, expect: [{ rule: 'database/oidc-providers', severity: 'warning', pointer: '/oidc/providers/p' }, { rule: 'database/oidc-providers', severity: 'error', pointer: '/oidc' }] },
  { example: '54: channel filter without query_params (legacy)', kind: 'legacy', config: legacyRepl({ filter: 'sync_gateway/bychannel' }), expect: [{ rule: 'replication/filter', severity: 'error', pointer: '/databases/db/replications/r1/filter' }] },
  { example: '54: custom type without a function (database)', kind: 'database', config: dbRepl({ conflict_resolution_type: 'custom' }), expect: [{ rule: 'replication/conflict-resolution', severity: 'error', pointer: '/replications/r1/conflict_resolution_type' }] },
  {
    example: '55: EE-only replication settings on CE', kind: 'database', edition: 'ce', config: dbRepl({ conflict_resolution_type: 'localWins', enable_delta_sync: true, batch_size: 500 }),
    expect: ['conflict_resolution_type', 'enable_delta_sync', 'batch_size'].map((f) => ({ rule: 'replication/edition', severity: 'error' as const, pointer: `/replications/r1/${f}` })),
  },
  { example: '56: credentials in remote and remote_username', kind: 'database', config: dbRepl({ remote: 'https://u:pw@sg2/db', remote_username: 'u' }), expect: [{ rule: 'replication/credentials', severity: 'error', pointer: '/replications/r1/remote_username' }] },
  { example: '57: no max_backoff_time', kind: 'database', config: dbRepl({ max_backoff_time: undefined }), expect: [{ rule: 'replication/max-backoff-time', severity: 'warning', pointer: '/replications/r1' }] },
  { example: '58: initial_state "pause"', kind: 'database', config: dbRepl({ initial_state: 'pause' }), expect: [{ rule: 'replication/initial-state', severity: 'warning', pointer: '/replications/r1/initial_state' }] },
  { example: '59: editing a config-defined replication', kind: 'database', config: dbRepl({}), expect: [{ rule: 'replication/config-edits-ignored', severity: 'info', pointer: '/replications' }] },
  { example: '61: feed_type "TAP" with import', kind: 'database', config: { name: 'db', feed_type: 'TAP', import_docs: true }, expect: [{ rule: 'upgrade/removed-key', severity: 'warning', pointer: '/feed_type' }], silent: ['database/feed-type-tap'] },
];

const OUR_GROUPS = /^(replication|sgreplicate|upgrade|security|database|bootstrap)\//;

describe('reference section 11 examples (cross-field rules)', () => {
  for (const ex of EXAMPLES) {
    it(ex.example, async () => {
      const result = await lintText(JSON.stringify(ex.config, null, 2), 'example.json', { kind: ex.kind, env: {}, remote: false, settings: { edition: ex.edition ?? 'ee' } });
      const ours = result.diagnostics.filter((d) => OUR_GROUPS.test(d.rule));
      for (const e of ex.expect) {
        const hit = ours.find((d) => d.rule === e.rule && d.pointer === e.pointer);
        expect(hit, `${e.rule} at ${e.pointer}; got ${JSON.stringify(ours.map((d) => [d.rule, d.pointer, d.severity]))}`).toBeDefined();
        expect(hit!.severity).toBe(e.severity);
      }
      for (const rule of ex.silent ?? []) expect(ours.filter((d) => d.rule === rule)).toEqual([]);
    });
  }
});
