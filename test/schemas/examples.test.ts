// Small valid and invalid configs per kind, with the ajv error the validator will turn into a diagnostic.
import { describe, expect, it } from 'vitest';
import { validate, type SchemaKind } from './helpers.js';

interface ValidCase {
  name: string;
  config: unknown;
}
interface InvalidCase extends ValidCase {
  /** The error that must be among ajv's errors. */
  keyword: string;
  instancePath: string;
  /** For additionalProperties errors: the unknown key. */
  property?: string;
}

const cases: Record<SchemaKind, { valid: ValidCase[]; invalid: InvalidCase[] }> = {
  bootstrap: {
    valid: [
      { name: 'empty config', config: {} },
      {
        name: 'typical startup config',
        config: {
          bootstrap: {
            server: 'couchbases://cb.example.com',
            username: 'sg',
            password: 'secret',
            group_id: 'g1',
            config_update_frequency: '10s',
          },
          api: { admin_interface: '0.0.0.0:4985', https: { tls_cert_path: 'c.pem', tls_key_path: 'k.pem' }, max_connections: 0 },
          logging: {
            log_file_path: '/var/log/sg',
            redaction_level: 'Partial',
            console: { log_level: 'info', log_keys: ['HTTP', 'Sync'] },
            error: { enabled: true, rotation: { max_size: 100, max_age: 360, rotation_interval: '24h' } },
            audit: { enabled: true, enabled_events: [53280] },
          },
          auth: { bcrypt_cost: 12 },
          replicator: { max_heartbeat: '1m30s', blip_compression: 42 },
          unsupported: { stats_log_frequency: '250ms', http2: { enabled: true } },
          database_credentials: { 'my-db': { username: 'u', password: 'p' } },
          bucket_credentials: { Bucket1: { x509_cert_path: 'c', x509_key_path: 'k' } },
          max_file_descriptors: 90000,
        },
      },
      { name: 'durations "0" and "1.5h"', config: { bootstrap: { config_update_frequency: '0' }, api: { idle_timeout: '1.5h' } } },
    ],
    invalid: [
      { name: 'numeric duration', config: { bootstrap: { config_update_frequency: 10 } }, keyword: 'type', instancePath: '/bootstrap/config_update_frequency' },
      { name: 'duration without unit', config: { api: { idle_timeout: '90' } }, keyword: 'pattern', instancePath: '/api/idle_timeout' },
      { name: 'unknown top-level key', config: { bootstrap: {}, databases: {} }, keyword: 'additionalProperties', instancePath: '', property: 'databases' },
      { name: 'unknown nested key', config: { api: { https: { tls_cert: 'c.pem' } } }, keyword: 'additionalProperties', instancePath: '/api/https', property: 'tls_cert' },
      { name: 'legacy key in a startup config', config: { interface: ':4984' }, keyword: 'additionalProperties', instancePath: '', property: 'interface' },
      { name: 'console log level in upper case', config: { logging: { console: { log_level: 'INFO' } } }, keyword: 'enum', instancePath: '/logging/console/log_level' },
      { name: 'bad redaction level', config: { logging: { redaction_level: 'some' } }, keyword: 'pattern', instancePath: '/logging/redaction_level' },
      { name: 'quoted number', config: { max_file_descriptors: '5000' }, keyword: 'type', instancePath: '/max_file_descriptors' },
      { name: 'negative unsigned', config: { api: { max_connections: -1 } }, keyword: 'minimum', instancePath: '/api/max_connections' },
      { name: 'fractional integer', config: { auth: { bcrypt_cost: 10.5 } }, keyword: 'type', instancePath: '/auth/bcrypt_cost' },
      { name: 'group_id longer than 100', config: { bootstrap: { group_id: 'g'.repeat(101) } }, keyword: 'maxLength', instancePath: '/bootstrap/group_id' },
      { name: 'max_concurrent_revs out of range', config: { replicator: { max_concurrent_revs: 201 } }, keyword: 'maximum', instancePath: '/replicator/max_concurrent_revs' },
      { name: 'null credentials entry', config: { database_credentials: { db: null } }, keyword: 'type', instancePath: '/database_credentials/db' },
      { name: 'bad database name in database_credentials', config: { database_credentials: { MyDb: {} } }, keyword: 'propertyNames', instancePath: '/database_credentials' },
      { name: 'string boolean', config: { bootstrap: { use_tls_server: 'false' } }, keyword: 'type', instancePath: '/bootstrap/use_tls_server' },
    ],
  },
  database: {
    valid: [
      { name: 'empty config', config: {} },
      {
        name: 'typical database config',
        config: {
          name: 'db',
          bucket: 'bucket',
          import_docs: true,
          num_index_replicas: 0,
          revs_limit: 100,
          scopes: { inventory: { collections: { items: { sync: 'function(doc){channel(doc.channels);}' }, other: {} } } },
          guest: { disabled: true },
          event_handlers: {
            max_processes: 500,
            wait_for_process: '100',
            document_changed: [{ handler: 'webhook', url: 'http://h/hook', timeout: 0, options: { winning_rev_only: true } }],
            db_state_changed: [{ handler: 'webhook', url: 'http://h/state' }],
          },
          replications: {
            r1: {
              replication_id: 'r1',
              remote: 'https://u@remote:4984/db',
              direction: 'pushAndPull',
              continuous: true,
              filter: 'sync_gateway/bychannel',
              query_params: { channels: ['a'] },
              collections_remote: ['s.c', null],
            },
            r2: { remote: 'https://remote/db', direction: 'pull', query_params: ['a', 'b'] },
          },
          oidc: { providers: { google: { issuer: 'https://accounts.google.com', client_id: 'x', register: true } }, default_provider: 'google' },
          local_jwt: { mine: { issuer: 'https://i', client_id: '', algorithms: ['RS256'], keys: [{ kty: 'RSA', kid: 'k', alg: 'RS256', n: 'x', e: 'AQAB' }] } },
          cache: { rev_cache: { size: 0 }, channel_cache: { max_number: 50000 } },
          delta_sync: { enabled: true },
          compact_interval_days: 0.5,
          user_xattr_key: 'channels',
          index: { num_replicas: 1, num_partitions: 8 },
          logging: { console: { log_level: 'debug' }, audit: { enabled: true, disabled_users: [{ domain: 'sgw', name: 'bob' }] } },
          unsupported: { same_site_cookie: 'Lax', warning_thresholds: { channels_per_doc: 50 } },
        },
      },
      { name: 'import_docs "continuous"', config: { import_docs: 'continuous' } },
      { name: 'import_docs false', config: { import_docs: false } },
      { name: 'import_partitions at the limits', config: { import_partitions: 1024 } },
    ],
    invalid: [
      { name: 'fractional revs_limit', config: { revs_limit: 1.5 }, keyword: 'type', instancePath: '/revs_limit' },
      { name: 'negative revs_limit', config: { revs_limit: -1 }, keyword: 'minimum', instancePath: '/revs_limit' },
      { name: 'import_docs other string', config: { import_docs: 'yes' }, keyword: 'enum', instancePath: '/import_docs' },
      { name: 'wait_for_process as a number', config: { event_handlers: { wait_for_process: 100 } }, keyword: 'type', instancePath: '/event_handlers/wait_for_process' },
      { name: 'max_processes as a string', config: { event_handlers: { max_processes: '10' } }, keyword: 'type', instancePath: '/event_handlers/max_processes' },
      { name: 'document_changed as a single object', config: { event_handlers: { document_changed: { handler: 'webhook', url: 'u' } } }, keyword: 'type', instancePath: '/event_handlers/document_changed' },
      { name: 'unknown event handler option key', config: { event_handlers: { document_changed: [{ handler: 'webhook', url: 'u', options: { winning: true } }] } }, keyword: 'additionalProperties', instancePath: '/event_handlers/document_changed/0/options', property: 'winning' },
      { name: 'unknown event_handlers key', config: { event_handlers: { handlers: [] } }, keyword: 'additionalProperties', instancePath: '/event_handlers', property: 'handlers' },
      { name: 'server is forbidden', config: { server: 'couchbases://cb' }, keyword: 'not', instancePath: '/server' },
      { name: 'users are forbidden', config: { users: {} }, keyword: 'not', instancePath: '/users' },
      { name: 'unknown key', config: { revs_limt: 100 }, keyword: 'additionalProperties', instancePath: '', property: 'revs_limt' },
      { name: 'bookkeeping key from GET _config', config: { version: '1-abc' }, keyword: 'additionalProperties', instancePath: '', property: 'version' },
      { name: 'null replication entry', config: { replications: { r: null } }, keyword: 'type', instancePath: '/replications/r' },
      { name: 'direction in wrong case', config: { replications: { r: { remote: 'http://x/db', direction: 'PUSH' } } }, keyword: 'enum', instancePath: '/replications/r/direction' },
      { name: 'unknown conflict_resolution_type', config: { replications: { r: { conflict_resolution_type: 'newest' } } }, keyword: 'enum', instancePath: '/replications/r/conflict_resolution_type' },
      { name: 'replication_id longer than 160', config: { replications: { r: { replication_id: 'r'.repeat(161) } } }, keyword: 'maxLength', instancePath: '/replications/r/replication_id' },
      { name: 'query_params as a string', config: { replications: { r: { query_params: 'a,b' } } }, keyword: 'anyOf', instancePath: '/replications/r/query_params' },
      { name: 'unknown replication key', config: { replications: { r: { remote: 'http://x/db', direction: 'pull', cancel: true } } }, keyword: 'additionalProperties', instancePath: '/replications/r', property: 'cancel' },
      { name: 'import_partitions above 1024', config: { import_partitions: 1025 }, keyword: 'maximum', instancePath: '/import_partitions' },
      { name: 'import_partitions 0', config: { import_partitions: 0 }, keyword: 'minimum', instancePath: '/import_partitions' },
      { name: 'bad database name', config: { name: 'MyDB' }, keyword: 'pattern', instancePath: '/name' },
      { name: 'unknown collection key', config: { scopes: { s: { collections: { c: { sync_fn: 'x' } } } } }, keyword: 'additionalProperties', instancePath: '/scopes/s/collections/c', property: 'sync_fn' },
      { name: 'null collection entry', config: { scopes: { s: { collections: { c: null } } } }, keyword: 'type', instancePath: '/scopes/s/collections/c' },
      { name: 'unknown principal key', config: { guest: { channels: ['a'] } }, keyword: 'additionalProperties', instancePath: '/guest', property: 'channels' },
      { name: 'same_site_cookie unknown value', config: { unsupported: { same_site_cookie: 'lax' } }, keyword: 'enum', instancePath: '/unsupported/same_site_cookie' },
      { name: 'rev cache shard_count 0', config: { cache: { rev_cache: { shard_count: 0 } } }, keyword: 'minimum', instancePath: '/cache/rev_cache/shard_count' },
      { name: 'legacy-only key in a database config', config: { shadow: { server: 'x' } }, keyword: 'additionalProperties', instancePath: '', property: 'shadow' },
    ],
  },
  legacy: {
    valid: [
      { name: 'empty config', config: {} },
      {
        name: 'typical 2.x config',
        config: {
          interface: ':4984',
          adminInterface: '0.0.0.0:4985',
          SSLCert: 'c.pem',
          SSLKey: 'k.pem',
          ServerReadTimeout: 30,
          maxFileDescriptors: 250000,
          CORS: { Origin: ['*'], LoginOrigin: ['*'], Headers: ['Content-Type'], MaxAge: 1728000 },
          logging: { log_file_path: '/var/log/sg', console: { log_keys: ['*'] }, error: { rotation: { max_size: 20, max_age: 180 } } },
          databases: {
            db: {
              server: 'http://localhost:8091',
              bucket: 'default',
              username: 'u',
              password: 'p',
              users: { GUEST: { disabled: false, admin_channels: ['*'] }, alice: { password: 'pass', admin_roles: ['r'] } },
              roles: { r: { admin_channels: ['x'] } },
              import_docs: 'continuous',
              enable_shared_bucket_access: true,
              replications: { r: { remote: 'http://other:4985/db', direction: 'push' } },
            },
          },
        },
      },
      {
        name: '2.x keys that 3.x removed or ignores are declared (rules report them)',
        config: {
          log: ['HTTP'],
          logFilePath: '/tmp/sg.log',
          adminUI: 'ui.html',
          configServer: 'http://cfg',
          deploymentID: 'x',
          statsReportInterval: 1.5,
          cluster_config: { server: 'http://x:8091', bucket: 'b', data_dir: '.' },
          facebook: { register: true },
          google: { register: true, app_client_id: ['id'] },
          replications: [{ replication_id: 'r', source: 'db', target: 'http://other:4985/db', continuous: true, async: true }],
          maxCouchbaseConnections: 16,
          maxCouchbaseOverflow: 0,
          skip_runmode_validation: true,
          runmode: 'normal',
          logging: { default: { logFilePath: '/tmp/x', logKeys: ['*'], logLevel: 'info', rotation: { maxsize: 1 } } },
          databases: {
            db: {
              shadow: { server: 'http://x', bucket: 'b', doc_id_regex: '.*' },
              deprecated: {},
              channel_index: { server: 'http://x', bucket: 'idx', writer: true, num_shards: 16 },
            },
          },
        },
      },
    ],
    invalid: [
      { name: 'null database entry', config: { databases: { db: null } }, keyword: 'type', instancePath: '/databases/db' },
      { name: 'bad database name', config: { databases: { 'My DB': {} } }, keyword: 'propertyNames', instancePath: '/databases' },
      { name: 'legacy timing field as a duration string', config: { ServerReadTimeout: '30s' }, keyword: 'type', instancePath: '/ServerReadTimeout' },
      { name: 'unknown top-level key', config: { verbose: true }, keyword: 'additionalProperties', instancePath: '', property: 'verbose' },
      { name: 'startup key in a legacy config', config: { bootstrap: {} }, keyword: 'additionalProperties', instancePath: '', property: 'bootstrap' },
      { name: 'unknown per-database key', config: { databases: { db: { feed_params: {} } } }, keyword: 'additionalProperties', instancePath: '/databases/db', property: 'feed_params' },
      { name: 'startup-only logging.audit in a legacy config', config: { logging: { audit: {} } }, keyword: 'additionalProperties', instancePath: '/logging', property: 'audit' },
      { name: 'legacy unsupported with a 3.x key', config: { unsupported: { stats_log_frequency: '1m' } }, keyword: 'additionalProperties', instancePath: '/unsupported', property: 'stats_log_frequency' },
      { name: 'fractional revs_limit in a database', config: { databases: { db: { revs_limit: 1.5 } } }, keyword: 'type', instancePath: '/databases/db/revs_limit' },
      { name: 'null user entry', config: { databases: { db: { users: { alice: null } } } }, keyword: 'type', instancePath: '/databases/db/users/alice' },
      { name: 'first-generation replications not an array', config: { replications: {} }, keyword: 'type', instancePath: '/replications' },
    ],
  },
};

describe.each(Object.keys(cases) as SchemaKind[])('%s schema', (kind) => {
  const { valid, invalid } = cases[kind];

  it.each(valid)('accepts: $name', ({ config }) => {
    expect(validate(kind, config)).toEqual([]);
  });

  it.each(invalid)('rejects: $name', ({ config, keyword, instancePath, property }) => {
    const errors = validate(kind, config);
    const summary = errors.map((e) => ({
      keyword: e.keyword,
      instancePath: e.instancePath,
      ...(e.keyword === 'additionalProperties' ? { property: (e.params as { additionalProperty: string }).additionalProperty } : {}),
    }));
    expect(summary).toContainEqual({ keyword, instancePath, ...(property !== undefined ? { property } : {}) });
  });
});
