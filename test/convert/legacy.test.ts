// The pure conversion: legacy inputs -> expected 3.x outputs, one row per line of the mapping table
// (reference 8.2.2), the database sanitising of 8.3-8.5, and every refusal.
import { describe, expect, it } from 'vitest';
import { convertLegacy } from '../../src/convert/legacy.js';
import { parseDialect } from '../../src/convert/dialect.js';
import { serialize } from '../../src/convert/emit.js';
import type { JsonObject, JsonValue } from '../../src/types.js';
import type { Release } from '../../src/releases/index.js';

const server = 'couchbases://cb1';
const db = (extra: JsonObject = {}): JsonObject => ({ server, bucket: 'b', ...extra });
const legacy = (top: JsonObject, databases: JsonObject = { db: db() }): JsonObject => ({ ...top, databases });

/** Rows: a legacy top-level field, and the part of bootstrap.json it must produce. */
const bootstrapRows: { name: string; top: JsonObject; expected: JsonObject }[] = [
  { name: 'use_tls_server / server_tls_skip_verify', top: { use_tls_server: true, server_tls_skip_verify: true }, expected: { bootstrap: { server, server_tls_skip_verify: true, use_tls_server: true } } },
  { name: 'config_upgrade_group_id', top: { config_upgrade_group_id: 'blue' }, expected: { bootstrap: { group_id: 'blue', server } } },
  { name: 'Interface / AdminInterface / metricsInterface / ProfileInterface', top: { Interface: ':4984', AdminInterface: '0.0.0.0:4985', metricsInterface: ':4986', ProfileInterface: ':6060' }, expected: { api: { public_interface: ':4984', admin_interface: '0.0.0.0:4985', metrics_interface: ':4986', profile_interface: ':6060' } } },
  { name: 'keys match case-insensitively', top: { interface: ':4984', adminInterface: ':4985' }, expected: { api: { public_interface: ':4984', admin_interface: ':4985' } } },
  { name: 'CompressResponses', top: { CompressResponses: false }, expected: { api: { compress_responses: false } } },
  { name: 'admin/metrics authentication, advanced auth', top: { admin_interface_authentication: false, metrics_interface_authentication: false, enable_advanced_auth_dp: true }, expected: { api: { admin_interface_authentication: false, metrics_interface_authentication: false, enable_advanced_auth_dp: true } } },
  { name: 'Pretty true, hide_product_version', top: { Pretty: true, hide_product_version: true }, expected: { api: { pretty: true, hide_product_version: true } } },
  { name: 'timeouts as Go durations', top: { ServerReadTimeout: 30, ServerWriteTimeout: 90, ReadHeaderTimeout: 3600, IdleTimeout: 0 }, expected: { api: { server_read_timeout: '30s', server_write_timeout: '1m30s', read_header_timeout: '1h0m0s', idle_timeout: '0s' } } },
  { name: 'MaxIncomingConnections', top: { MaxIncomingConnections: 200 }, expected: { api: { max_connections: 200 } } },
  { name: 'tls_minimum_version / SSLCert / SSLKey', top: { tls_minimum_version: 'tlsv1.2', SSLCert: 'cert.pem', SSLKey: 'key.pem' }, expected: { api: { https: { tls_minimum_version: 'tlsv1.2', tls_cert_path: 'cert.pem', tls_key_path: 'key.pem' } } } },
  { name: 'CORS', top: { CORS: { Origin: ['*'], LoginOrigin: ['https://a'], Headers: ['X'], MaxAge: 60 } }, expected: { api: { cors: { origin: ['*'], login_origin: ['https://a'], headers: ['X'], max_age: 60 } } } },
  { name: 'Logging', top: { Logging: { console: { log_level: 'info' }, log_file_path: '/var/log/sg', redaction_level: 'partial', error: { enabled: true } } }, expected: { logging: { log_file_path: '/var/log/sg', redaction_level: 'partial', console: { log_level: 'info' }, error: { enabled: true } } } },
  { name: 'bcrypt_cost', top: { bcrypt_cost: 12 }, expected: { auth: { bcrypt_cost: 12 } } },
  { name: 'replicator_compression / MaxHeartbeat', top: { replicator_compression: 6, MaxHeartbeat: 300 }, expected: { replicator: { blip_compression: 6, max_heartbeat: '5m0s' } } },
  { name: 'unsupported', top: { unsupported: { http2: { enabled: true }, stats_log_freq_secs: 60, use_stdlib_json: true } }, expected: { unsupported: { http2: { enabled: true }, stats_log_frequency: '1m0s', use_stdlib_json: true } } },
  { name: 'MaxFileDescriptors', top: { MaxFileDescriptors: 90000 }, expected: { max_file_descriptors: 90000 } },
];

describe('bootstrap mapping (8.2.2)', () => {
  for (const row of bootstrapRows) {
    it(row.name, () => {
      const result = convertLegacy(legacy(row.top));
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(result.bootstrap).toMatchObject(row.expected);
    });
  }

  it('the bootstrap section comes from the first database in file order', () => {
    const result = convertLegacy(legacy({}, {
      zeta: db({ bucket: 'z', username: 'zu', password: 'zp', cacertpath: 'ca.pem' }),
      alpha: db({ bucket: 'a', username: 'au', password: 'ap' }),
    }));
    expect(result.bootstrap.bootstrap).toEqual({ server, username: 'zu', password: 'zp', ca_cert_path: 'ca.pem' });
    expect(result.identityFrom).toBe('zeta');
    expect(result.bootstrap.database_credentials).toEqual({ alpha: { username: 'au', password: 'ap' } });
    expect(result.credentialsFor).toEqual(['alpha']);
  });

  it('X.509 pairs go to bootstrap (first database) and database_credentials (others)', () => {
    const result = convertLegacy(legacy({}, {
      a: db({ bucket: 'a', certpath: 'a.pem', keypath: 'a.key' }),
      b: db({ bucket: 'b', certpath: 'b.pem', keypath: 'b.key', username: 'x', password: 'y' }),
      c: db({ bucket: 'c', certpath: 'a.pem', keypath: 'a.key' }),
    }));
    expect(result.bootstrap.bootstrap).toEqual({ server, x509_cert_path: 'a.pem', x509_key_path: 'a.key' });
    expect(result.bootstrap.database_credentials).toEqual({ b: { x509_cert_path: 'b.pem', x509_key_path: 'b.key' } });
    expect(result.diagnostics.some((d) => d.rule === 'convert/credentials' && d.message.includes('only the certificate is kept'))).toBe(true);
  });

  it('credentials in the server URL become the bootstrap identity and leave the address', () => {
    const result = convertLegacy(legacy({ use_tls_server: false }, { db: { server: 'http://u:p@cb1:8091,cb2' } }));
    expect(result.bootstrap.bootstrap).toEqual({ server: 'couchbase://cb1,cb2', username: 'u', password: 'p', use_tls_server: false });
  });

  it('--group-id wins over config_upgrade_group_id, with an info', () => {
    const result = convertLegacy(legacy({ config_upgrade_group_id: 'blue' }), { groupId: 'green' });
    expect((result.bootstrap.bootstrap as JsonObject).group_id).toBe('green');
    expect(result.diagnostics.map((d) => d.rule)).toContain('convert/overwritten-value');
  });

  it('a negative MaxIncomingConnections is written as 0 (unlimited) with a warning', () => {
    const result = convertLegacy(legacy({ MaxIncomingConnections: -1 }));
    expect((result.bootstrap.api as JsonObject).max_connections).toBe(0);
    expect(result.diagnostics.find((d) => d.pointer === '/MaxIncomingConnections')?.severity).toBe('warning');
  });
});

describe('dropped fields are named, never silent', () => {
  const cases: [string, JsonValue, 'warning' | 'info'][] = [
    ['AdminUI', 'admin.html', 'warning'], ['ConfigServer', 'http://cfg', 'warning'], ['DeploymentID', 'x', 'info'],
    ['StatsReportInterval', 10, 'info'], ['Facebook', { Register: true }, 'warning'], ['Google', { Register: true }, 'warning'],
    ['log', ['CRUD'], 'warning'], ['logFilePath', '/tmp/x', 'warning'], ['cluster_config', {}, 'warning'],
    ['disable_persistent_config', false, 'info'], ['Pretty', false, 'info'], ['someTypo', 1, 'warning'],
  ];
  for (const [key, value, severity] of cases) {
    it(key, () => {
      // log and logFilePath are dropped when the old-logging decision says so.
      const result = convertLegacy(legacy({ [key]: value }), { decisions: new Map([['old-logging', 'drop']]) });
      const finding = result.diagnostics.find((d) => d.pointer === `/${key}`);
      expect(finding?.rule).toBe('convert/dropped-field');
      expect(finding?.severity).toBe(severity);
      expect(result.dropped.map((d) => d.pointer)).toContain(`/${key}`);
      expect(JSON.stringify(result.bootstrap)).not.toContain(key);
    });
  }
});

describe('database configs (8.3-8.5)', () => {
  it('strips connection fields, defaults the bucket, sets the name, writes shared bucket access off with an info', () => {
    const result = convertLegacy(legacy({}, { db: { server, username: 'u', password: 'p', cacertpath: 'ca.pem', certpath: 'c', keypath: 'k', name: 'other', revs_limit: 200 } }));
    expect(result.databases.db).toEqual({ name: 'db', bucket: 'db', revs_limit: 200, enable_shared_bucket_access: false });
    const info = result.diagnostics.find((d) => d.rule === 'convert/shared-bucket-access');
    expect(info?.severity).toBe('info');
    expect(info?.message).toContain('enable_shared_bucket_access false');
    expect(info?.detail).toContain('"enable_shared_bucket_access": true');
  });

  it('keeps an explicit enable_shared_bucket_access', () => {
    const result = convertLegacy(legacy({}, { db: db({ enable_shared_bucket_access: true }) }));
    expect(result.databases.db.enable_shared_bucket_access).toBe(true);
    expect(result.diagnostics.some((d) => d.rule === 'convert/shared-bucket-access')).toBe(false);
  });

  it('promotes users.GUEST to guest and writes the principals of every database', () => {
    const result = convertLegacy(legacy({}, {
      a: db({ bucket: 'a', users: { GUEST: { disabled: false, admin_channels: ['*'] }, alice: { password: 'pw', admin_channels: ['x'] } }, roles: { editor: { admin_channels: ['e'] } } }),
      b: db({ bucket: 'b', users: { bob: { password: 'pw2' } } }),
      c: db({ bucket: 'c', users: { GUEST: { disabled: true } } }),
    }));
    expect(result.databases.a.guest).toEqual({ disabled: false, admin_channels: ['*'] });
    expect(result.databases.a.users).toBeUndefined();
    expect(result.databases.a.roles).toBeUndefined();
    expect(result.principals).toEqual({
      a: { users: { alice: { password: 'pw', admin_channels: ['x'] } }, roles: { editor: { admin_channels: ['e'] } } },
      b: { users: { bob: { password: 'pw2' } }, roles: {} },
    });
    expect(result.databases.c.guest).toEqual({ disabled: true });
  });

  it('a lower-case "guest" user stays a user', () => {
    const result = convertLegacy(legacy({}, { db: db({ users: { guest: { password: 'abc' } } }) }));
    expect(result.databases.db.guest).toBeUndefined();
    expect(result.principals.db.users).toEqual({ guest: { password: 'abc' } });
  });

  it('moves the root SlowQueryWarningThreshold into every database, replacing their own value', () => {
    const result = convertLegacy(legacy({ SlowQueryWarningThreshold: 700 }, { a: db({ bucket: 'a', slow_query_warning_threshold: 100 }), b: db({ bucket: 'b' }) }));
    expect(result.databases.a.slow_query_warning_threshold).toBe(700);
    expect(result.databases.b.slow_query_warning_threshold).toBe(700);
    expect(result.diagnostics.some((d) => d.rule === 'convert/overwritten-value' && d.pointer === '/databases/a/slow_query_warning_threshold')).toBe(true);
  });

  it('writes replication_id equal to the key', () => {
    const result = convertLegacy(legacy({}, { db: db({ replications: { r1: { remote: 'http://r/db', direction: 'pull' } } }) }));
    expect(result.databases.db.replications).toEqual({ r1: { replication_id: 'r1', remote: 'http://r/db', direction: 'pull' } });
  });

  it('inlines function files and URLs, escaping $ for the gateway expansion, with an info naming the source', () => {
    const functionSources = new Map([
      ['/databases/db/sync', { origin: 'file' as const, location: 'sync.js', source: 'function(doc){ if (doc.$x) channel("$"); }' }],
      ['/databases/db/event_handlers/document_changed/0/filter', { origin: 'url' as const, location: 'https://h/f.js', source: 'function(doc){return true;}' }],
    ]);
    const result = convertLegacy(legacy({}, { db: db({ sync: 'sync.js', event_handlers: { document_changed: [{ handler: 'webhook', url: 'http://h', filter: 'https://h/f.js' }] } }) }), { functionSources });
    expect(result.databases.db.sync).toBe('function(doc){ if (doc.$$x) channel("$$"); }');
    expect((result.databases.db.event_handlers as any).document_changed[0].filter).toBe('function(doc){return true;}');
    const infos = result.diagnostics.filter((d) => d.rule === 'convert/function-source');
    expect(infos.map((d) => d.message).join('\n')).toContain('file sync.js');
    expect(infos.map((d) => d.message).join('\n')).toContain('url https://h/f.js');
  });

  it('an unreadable function source refuses the conversion', () => {
    const functionSources = new Map([['/databases/db/sync', { origin: 'url' as const, location: 'https://h/s.js', source: null, error: '404 Not Found' }]]);
    const result = convertLegacy(legacy({}, { db: db({ sync: 'https://h/s.js' }) }), { functionSources });
    expect(result.diagnostics.find((d) => d.rule === 'convert/function-source')?.severity).toBe('error');
  });

  it('keys of databases are written in canonical spelling', () => {
    const result = convertLegacy(legacy({}, { db: { Server: server, Bucket: 'b', Sync: 'function(doc){}', REVS_LIMIT: 20 } }));
    expect(result.databases.db).toEqual({ name: 'db', bucket: 'b', sync: 'function(doc){}', revs_limit: 20, enable_shared_bucket_access: false });
  });
});

describe('refusals', () => {
  const refusals: { name: string; config: JsonValue; rule: string }[] = [
    { name: 'no databases', config: { interface: ':4984', databases: {} }, rule: 'convert/no-databases' },
    { name: 'one bucket for two databases', config: legacy({}, { a: db({ bucket: 'x' }), b: db({ bucket: 'x' }) }), rule: 'convert/bucket-collision' },
    { name: 'bucket defaulting collides', config: legacy({}, { a: db({ bucket: 'b' }), b: { server } }), rule: 'convert/bucket-collision' },
    { name: 'disable_persistent_config true', config: legacy({ disable_persistent_config: true }), rule: 'convert/persistent-config-disabled' },
    { name: 'http:// with a non-8091 port', config: legacy({ use_tls_server: false }, { db: { server: 'http://cb1:9000' } }), rule: 'convert/server-address' },
    { name: 'https:// is not a connection string scheme', config: legacy({}, { db: { server: 'https://cb1:18091' } }), rule: 'convert/server-address' },
    { name: 'TLS address with use_tls_server false', config: legacy({ use_tls_server: false }, { db: { server: 'couchbases://cb1' } }), rule: 'convert/tls-required' },
    { name: 'replication_id differs from its key', config: legacy({}, { db: db({ replications: { r1: { replication_id: 'r2', remote: 'http://h/db', direction: 'pull' } } }) }), rule: 'convert/replication-id' },
    { name: 'a database that is not an object', config: legacy({}, { db: null }), rule: 'convert/unreadable' },
  ];
  for (const r of refusals) {
    it(r.name, () => {
      const result = convertLegacy(r.config);
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      expect(errors.map((d) => d.rule)).toContain(r.rule);
    });
  }

  // What the owner must choose is a decision (convert/decision-needed), not a refusal: one run asks them all.
  const decisions: { name: string; config: JsonValue; ids: string[] }[] = [
    { name: 'database without server', config: legacy({}, { db: { bucket: 'b' } }), ids: ['missing-server'] },
    { name: 'servers differ after the upgrade', config: legacy({}, { a: db({ bucket: 'a' }), b: { server: 'couchbases://cb2', bucket: 'b' } }), ids: ['server'] },
    { name: 'root-level replications', config: { replications: [{ source: 'db', target: 'http://h/db' }], databases: { db: db() } }, ids: ['sg-replicate'] },
    { name: 'non-TLS address without use_tls_server false', config: legacy({}, { db: { server: 'http://cb1:8091' } }), ids: ['server-tls'] },
    { name: 'couchbase:// without use_tls_server false', config: legacy({}, { db: { server: 'couchbase://cb1' } }), ids: ['server-tls'] },
    { name: 'users.GUEST without "disabled" (2.8 enabled it)', config: legacy({}, { a: db({ users: { GUEST: { admin_channels: ['news'] } } }), b: db({ bucket: 'b2', users: { GUEST: { disabled: null } } }) }), ids: ['guest-enabled'] },
    { name: 'a walrus folder, which rosmar cannot open', config: legacy({}, { db: { server: 'walrus:data', bucket: 'b' } }), ids: ['walrus-folder'] },
    { name: 'all of them, and the shared bucket access of 4.x, in one run', config: { log: ['CRUD'], replications: [{ source: 'a', target: 'http://h/db' }], databases: { a: { server: 'couchbase://cb1', bucket: 'a' }, b: { server: 'couchbase://cb2', bucket: 'b' }, c: { bucket: 'c' } } }, ids: ['missing-server', 'server', 'server-tls', 'old-logging', 'shared-bucket-access', 'sg-replicate'] },
  ];
  for (const r of decisions) {
    it(`${r.name}: a decision, asked once`, () => {
      // 3.3 loads databases without shared bucket access, so only the last row asks about it.
      const result = convertLegacy(r.config, { target: r.ids.includes('shared-bucket-access') ? '4.1' : '3.3' });
      expect(result.decisions.map((d) => d.id).sort()).toEqual([...r.ids].sort());
      expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.rule)).toEqual(r.ids.map(() => 'convert/decision-needed'));
    });
  }

  it('guest-enabled: "enable" writes "disabled": false as 2.8 ran it, "as-stored" leaves it unset; a guest that says is not asked', () => {
    const config = legacy({}, { a: db({ users: { GUEST: { admin_channels: ['news'] }, ann: { password: 'pw' } } }), b: db({ bucket: 'b2', users: { GUEST: { disabled: true } } }) });
    const enabled = convertLegacy(config, { decisions: new Map([['guest-enabled', 'enable']]) });
    expect(enabled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(enabled.databases.a!.guest).toEqual({ admin_channels: ['news'], disabled: false });
    expect(enabled.databases.b!.guest).toEqual({ disabled: true });
    expect(Object.keys(enabled.principals.a!.users)).toEqual(['ann']);
    const asStored = convertLegacy(config, { decisions: new Map([['guest-enabled', 'as-stored']]) });
    expect(asStored.databases.a!.guest).toEqual({ admin_channels: ['news'] });
    expect(asStored.decisions.map((d) => [d.id, d.pointer, d.taken])).toEqual([['guest-enabled', '/databases/a/users/GUEST', 'as-stored']]);
    expect(convertLegacy(legacy({}, { b: db({ users: { GUEST: { disabled: false } } }) })).decisions).toEqual([]);
  });

  it('walrus: and test-store addresses need no TLS and are not rewritten', () => {
    const result = convertLegacy(legacy({}, { a: { server: 'walrus:', bucket: 'a' }, b: { server: 'walrus:', bucket: 'b' } }));
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect((result.bootstrap.bootstrap as JsonObject).server).toBe('walrus:');
  });

  it('walrus-folder: "memory" writes the target\'s store in memory, "folder" a rosmar folder; 3.1 keeps the walrus folder', () => {
    const config = legacy({}, { a: { server: 'walrus:data', bucket: 'a', enable_shared_bucket_access: true }, b: { server: 'walrus:data', bucket: 'b', enable_shared_bucket_access: true } });
    const serverOf = (target: Release, choice?: string, input: JsonValue = config) => {
      const result = convertLegacy(input, { target, ...(choice ? { decisions: new Map([['walrus-folder', choice]]) } : {}) });
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      return (result.bootstrap.bootstrap as JsonObject).server;
    };
    expect(serverOf('4.1', 'memory')).toBe('rosmar:/?mode=memory');
    expect(serverOf('4.0', 'memory')).toBe('walrus:');
    expect(serverOf('4.1', 'folder')).toBe('./data');
    expect(serverOf('3.2', 'folder', legacy({}, { a: { server: 'walrus:/var/lib/sg', bucket: 'a' } }))).toBe('/var/lib/sg');
    expect(serverOf('3.1')).toBe('walrus:data');
    // A walrus URL with a host names no folder: memory is the one choice.
    const hosted = convertLegacy(legacy({}, { a: { server: 'walrus://h/x', bucket: 'a' } }), { target: '3.3' });
    expect(hosted.decisions.map((d) => [d.id, d.choices.map((c) => c.id)])).toEqual([['walrus-folder', ['memory']]]);
  });

  it('"walrus:" as the bootstrap server is written rosmar:/?mode=memory where the target needs it, with an info; a database without a server gets the same', () => {
    const config = legacy({}, { a: { server: 'walrus:', bucket: 'a', enable_shared_bucket_access: true } });
    const for41 = convertLegacy(config, { target: '4.1' });
    expect((for41.bootstrap.bootstrap as JsonObject).server).toBe('rosmar:/?mode=memory');
    expect(for41.diagnostics.filter((d) => d.rule === 'convert/server-address').map((d) => [d.severity, d.pointer, d.message]))
      .toEqual([['info', '/databases/a/server', 'the bootstrap server "walrus:" is written "rosmar:/?mode=memory", the same store in memory for 4.1']]);
    expect((convertLegacy(config, { target: '4.0' }).bootstrap.bootstrap as JsonObject).server).toBe('walrus:');
    const withoutServer = convertLegacy(legacy({}, { a: { bucket: 'a', enable_shared_bucket_access: true } }), { target: '4.1', decisions: new Map([['missing-server', 'walrus']]) });
    expect((withoutServer.bootstrap.bootstrap as JsonObject).server).toBe('rosmar:/?mode=memory');
  });

  it('a rosmar address for a target before rosmar is refused, and kept from 3.2', () => {
    const config = legacy({}, { a: { server: 'rosmar:/?mode=memory', bucket: 'a', enable_shared_bucket_access: true } });
    expect(convertLegacy(config, { target: '3.1' }).diagnostics.filter((d) => d.severity === 'error').map((d) => [d.rule, d.pointer, d.message]))
      .toEqual([['convert/server-address', '/databases/a/server', 'the server "rosmar:/?mode=memory" is a rosmar address, which 3.1 cannot open']]);
    const for32 = convertLegacy(config, { target: '3.2' });
    expect(for32.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect((for32.bootstrap.bootstrap as JsonObject).server).toBe('rosmar:/?mode=memory');
  });

  it('http://host:8091 and couchbase://host are the same server after the upgrade', () => {
    const result = convertLegacy(legacy({ use_tls_server: false }, { a: { server: 'http://cb1:8091', bucket: 'a' }, b: { server: 'couchbase://cb1', bucket: 'b' } }));
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

describe('environment references', () => {
  const text = `{
  "MaxFileDescriptors": $MAX_FD,
  "ServerReadTimeout": \${READ_TIMEOUT:-30},
  "databases": { "db": { "server": "couchbases://\${CB_HOST}", "username": "$CB_USER", "password": "pa$$word",
    "offline": $DB_OFFLINE, "users": { "ann": { "password": "\${ANN_PW}" } } } }
}`;

  it('are kept exactly as written; bare ones are written bare, with an info', () => {
    const parsed = parseDialect(text, null);
    const result = convertLegacy(parsed.value, { bareReferences: parsed.bareReferences, decisions: new Map([['environment-references', 'references']]) });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const bootstrap = serialize(result.bootstrap, parsed.bareReferences);
    expect(bootstrap).toContain('"max_file_descriptors": $MAX_FD');
    expect(bootstrap).toContain('"server_read_timeout": "${READ_TIMEOUT:-30}s"');
    expect(bootstrap).toContain('"server": "couchbases://${CB_HOST}"');
    expect(bootstrap).toContain('"username": "$CB_USER"');
    expect(bootstrap).toContain('"password": "pa$$word"');
    expect(serialize(result.databases.db, parsed.bareReferences)).toContain('"offline": $DB_OFFLINE');
    const infos = result.diagnostics.filter((d) => d.rule === 'convert/env-reference');
    expect(infos.some((d) => d.pointer === '/MaxFileDescriptors' && d.severity === 'info')).toBe(true);
    expect(infos.some((d) => d.pointer === '/databases/db/offline' && `${d.message} ${d.detail}`.includes('databases/db.json'))).toBe(true);
    expect(infos.some((d) => d.severity === 'warning' && d.message.includes('principals/db.json'))).toBe(true);
  });

  it('--expand-env resolves them and re-escapes every literal $ for the gateway', () => {
    const env = { MAX_FD: '9000', CB_HOST: 'cb1', CB_USER: 'sg', DB_OFFLINE: 'false', ANN_PW: 'a$b' };
    const parsed = parseDialect(text, env);
    const result = convertLegacy(parsed.value, { expanded: true, bareReferences: parsed.bareReferences });
    expect(result.bootstrap.max_file_descriptors).toBe(9000);
    expect(result.bootstrap.bootstrap).toEqual({ server: 'couchbases://cb1', username: 'sg', password: 'pa$$word' });
    expect((result.bootstrap.api as JsonObject).server_read_timeout).toBe('30s');
    expect(result.databases.db.offline).toBe(false);
    // principals are sent to the _user endpoint, which never expands: the value is written as resolved
    expect((result.principals.db.users.ann as JsonObject).password).toBe('a$b');
  });
});

describe('output', () => {
  it('is strict JSON with two-space indentation and a trailing newline', () => {
    const text = serialize({ bootstrap: { server } });
    expect(text).toBe('{\n  "bootstrap": {\n    "server": "couchbases://cb1"\n  }\n}\n');
  });

  it('is deterministic', () => {
    const config = legacy({ Interface: ':4984', Logging: { console: { log_level: 'debug' } } }, { b: db({ bucket: 'b' }), a: db({ bucket: 'a', username: 'x', password: 'y' }) });
    expect(JSON.stringify(convertLegacy(config))).toBe(JSON.stringify(convertLegacy(structuredClone(config))));
    expect(Object.keys(convertLegacy(config).bootstrap)).toEqual(['bootstrap', 'api', 'logging', 'database_credentials']);
  });
});

describe('entries named __proto__', () => {
  it('users, roles and replications named __proto__ are converted, not lost', async () => {
    const { parseJsonWithLocations } = await import('../../src/source/json.js');
    const source = '{"databases": {"db": {"server": "couchbases://cb", "enable_shared_bucket_access": true, "users": {"__proto__": {"password": "pw1"}, "bob": {"password": "pw2"}}, "roles": {"__proto__": {"admin_channels": ["a"]}}, "replications": {"__proto__": {"remote": "https://h/db", "direction": "push"}}}}}';
    const result = convertLegacy(parseJsonWithLocations(source).value as never);
    expect(Object.keys(result.principals.db!.users)).toEqual(['__proto__', 'bob']);
    expect(Object.keys(result.principals.db!.roles)).toEqual(['__proto__']);
    const replications = result.databases.db!.replications as Record<string, unknown>;
    expect(Object.keys(replications)).toEqual(['__proto__']);
    expect(JSON.stringify(result.principals.db)).toContain('"__proto__":{"password":"pw1"}');
  });
});

describe('numbers as written', () => {
  it('keeps numbers JavaScript would change (beyond 2^53, out of range, 1.0) exactly as the source wrote them', () => {
    const source = '{"databases": {"db": {"server": "couchbases://cb", "enable_shared_bucket_access": true, "revs_limit": 9007199254740993, "old_rev_expiry_seconds": 1e309, "view_query_timeout_secs": 1e-400, "local_doc_expiry_secs": 1.0, "cache": {"rev_cache": {"size": 5000}}}}}';
    const parsed = parseDialect(source, null);
    const result = convertLegacy(parsed.value as JsonObject, { bareReferences: parsed.bareReferences });
    const written = serialize(result.databases.db as JsonValue, parsed.bareReferences);
    for (const text of ['"revs_limit": 9007199254740993', '"old_rev_expiry_seconds": 1e309', '"view_query_timeout_secs": 1e-400', '"local_doc_expiry_secs": 1.0', '"size": 5000']) expect(written).toContain(text);
  });

  it('a number kept as written still converts as a number (seconds to a duration, a negative limit), and is no environment reference', () => {
    const source = '{"ServerReadTimeout": 30.0, "MaxHeartbeat": 3e2, "MaxIncomingConnections": -1.0, "databases": {"db": {"server": "couchbases://cb", "enable_shared_bucket_access": true}}}';
    const parsed = parseDialect(source, null);
    expect(parsed.bareSpans).toEqual([]); // the lint reads these numbers as they are
    const result = convertLegacy(parsed.value as JsonObject, { bareReferences: parsed.bareReferences });
    expect(result.bootstrap.api).toEqual({ server_read_timeout: '30s', max_connections: 0 });
    expect(result.bootstrap.replicator).toEqual({ max_heartbeat: '5m0s' });
    expect(result.diagnostics.filter((d) => d.rule === 'convert/env-reference')).toEqual([]);
  });
});

describe('fields the target reads and does nothing with are dropped for it, and kept for a release that uses them', () => {
  const input = legacy({ CouchbaseKeepaliveInterval: 30 }, { db: db({ enable_shared_bucket_access: true, unsupported: { use_query_resync_manager: true } }) });

  it('4.1: the keep-alive (no go-couchbase client since 3.2) and the query-based resync switch (gone in 3.3) are dropped, each named', () => {
    const result = convertLegacy(input, { target: '4.1' });
    expect(result.bootstrap).not.toHaveProperty('couchbase_keepalive_interval');
    expect(result.databases.db).not.toHaveProperty('unsupported');
    expect(result.dropped.map((d) => d.pointer)).toEqual(expect.arrayContaining(['/CouchbaseKeepaliveInterval', '/databases/db/unsupported/use_query_resync_manager']));
    expect(result.diagnostics.filter((d) => d.rule === 'convert/dropped-field').map((d) => [d.pointer, d.severity])).toEqual(expect.arrayContaining([
      ['/CouchbaseKeepaliveInterval', 'warning'], ['/databases/db/unsupported/use_query_resync_manager', 'warning'],
    ]));
  });

  it('3.2 still resyncs by query when asked; 3.1 still sets the keep-alive', () => {
    expect(convertLegacy(input, { target: '3.2' }).databases.db!.unsupported).toEqual({ use_query_resync_manager: true });
    expect(convertLegacy(input, { target: '3.2' }).bootstrap).not.toHaveProperty('couchbase_keepalive_interval');
    expect(convertLegacy(input, { target: '3.1' }).bootstrap).toMatchObject({ couchbase_keepalive_interval: 30 });
  });
});

describe('a database\'s deprecated forms are written as the target reads them without a warning', () => {
  it('the old cache keys move into cache.channel_cache; "enable_star_channel": true goes, with a finding', () => {
    const input = legacy({}, { db: db({ enable_shared_bucket_access: true, cache: { channel_cache_max_length: 500, channel_cache_expiry: 60, enable_star_channel: true, channel_cache: { min_length: 10 } } }) });
    const result = convertLegacy(input, { target: '4.1' });
    expect(result.databases.db!.cache).toEqual({ channel_cache: { min_length: 10, max_length: 500, expiry_seconds: 60 } });
    expect(result.dropped.map((d) => d.pointer)).toContain('/databases/db/cache/enable_star_channel');
  });

  it('"enable_star_channel": true is dropped where the key is deprecated (3.2 and later), and not while the old place says otherwise', () => {
    const input = legacy({}, { db: db({ enable_shared_bucket_access: true, cache: { channel_cache: { enable_star_channel: true } } }) });
    const dropped = (target: string, from = input) => convertLegacy(from, { target }).diagnostics.find((d) => d.pointer === '/databases/db/cache/channel_cache/enable_star_channel');
    // 3.0 and 3.1 read the key (false turns the star channel off): true is kept, as written.
    expect(dropped('3.1')).toBeUndefined();
    expect(convertLegacy(input, { target: '3.1' }).databases.db).toMatchObject({ cache: { channel_cache: { enable_star_channel: true } } });
    expect(dropped('3.2')?.detail).toBe('True is the default, and the key is deprecated.');
    expect(dropped('4.1')?.detail).toBe('True is the default, and the key is deprecated.');
    // Both places: the gateway takes channel_cache's, and the old false is dropped; the true is the star channel's default.
    const both = legacy({}, { db: db({ enable_shared_bucket_access: true, cache: { enable_star_channel: false, channel_cache: { enable_star_channel: true } } }) });
    const result = convertLegacy(both, { target: '4.1' });
    expect(result.dropped.map((d) => d.pointer).sort()).toEqual(['/databases/db/cache/channel_cache/enable_star_channel', '/databases/db/cache/enable_star_channel']);
    expect(result.databases.db).not.toHaveProperty('cache');
  });

  it('query_limit becomes the database\'s query_pagination_limit', () => {
    const result = convertLegacy(legacy({}, { db: db({ enable_shared_bucket_access: true, cache: { channel_cache: { query_limit: 100, max_length: 50 } } }) }), { target: '4.1' });
    expect(result.databases.db).toMatchObject({ query_pagination_limit: 100, cache: { channel_cache: { max_length: 50 } } });
    expect(result.databases.db!.cache).toEqual({ channel_cache: { max_length: 50 } });
  });

  it('the deprecated fields the target does nothing with are dropped, each with why, and an object they leave empty goes too', () => {
    const input = legacy({}, { db: db({ enable_shared_bucket_access: true, pool: 'default', kv_tls_port: 11207, unsupported: { disable_clean_skipped_query: true } }) });
    const result = convertLegacy(input, { target: '4.1' });
    expect(result.databases.db).not.toHaveProperty('pool');
    expect(result.databases.db).not.toHaveProperty('kv_tls_port');
    expect(result.databases.db).not.toHaveProperty('unsupported');
    const said = Object.fromEntries(result.diagnostics.filter((d) => d.rule === 'convert/dropped-field').map((d) => [d.pointer, d.detail]));
    expect(said).toEqual({
      '/databases/db/pool': 'The pool is always "default", and the key is deprecated.',
      '/databases/db/kv_tls_port': 'It has no effect, and the key is deprecated.',
      '/databases/db/unsupported/disable_clean_skipped_query': 'It has no effect, and the key is deprecated.',
    });
    // 3.0 still reads disable_clean_skipped_query: it stays.
    expect(convertLegacy(input, { target: '3.0' }).databases.db).toMatchObject({ unsupported: { disable_clean_skipped_query: true } });
  });

  it('an old cache key whose new one is set is dropped with a warning (the gateway takes the new one)', () => {
    const result = convertLegacy(legacy({}, { db: db({ enable_shared_bucket_access: true, cache: { channel_cache_max_length: 500, channel_cache: { max_length: 50 } } }) }), { target: '4.1' });
    expect(result.databases.db!.cache).toEqual({ channel_cache: { max_length: 50 } });
    expect(result.diagnostics).toContainEqual(expect.objectContaining({ rule: 'convert/dropped-field', severity: 'warning', pointer: '/databases/db/cache/channel_cache_max_length' }));
  });

  it('rev_cache_size and the flat cache keys move as the gateway reads them; a value the replacement would refuse stays', () => {
    const input = legacy({}, { db: db({ enable_shared_bucket_access: true, rev_cache_size: 5000, cache: { max_wait_pending: 5, max_num_pending: 0, channel_cache: { max_wait_skipped: 60 } } }) });
    const result = convertLegacy(input, { target: '4.1' });
    expect(result.databases.db).toMatchObject({ cache: { max_num_pending: 0, channel_cache: { max_wait_skipped: 60, max_wait_pending: 5 }, rev_cache: { size: 5000 } } });
    expect(result.databases.db).not.toHaveProperty('rev_cache_size');
    expect(result.databases.db!.cache).not.toHaveProperty('max_wait_pending');
    // The input is not changed.
    expect((input.databases as Record<string, { cache: object }>).db!.cache).toEqual({ max_wait_pending: 5, max_num_pending: 0, channel_cache: { max_wait_skipped: 60 } });
  });

  it('num_index_replicas becomes index.num_replicas for the releases that know it (3.3 and later)', () => {
    const input = legacy({}, { db: db({ enable_shared_bucket_access: true, num_index_replicas: 2 }) });
    expect(convertLegacy(input, { target: '4.1' }).databases.db).toMatchObject({ index: { num_replicas: 2 } });
    expect(convertLegacy(input, { target: '4.1' }).databases.db).not.toHaveProperty('num_index_replicas');
    expect(convertLegacy(input, { target: '3.2' }).databases.db).toMatchObject({ num_index_replicas: 2 });
  });
});

describe('console log keys are written as the target reads them', () => {
  const byRule = (result: ReturnType<typeof convertLegacy>, rule: string) => result.diagnostics.filter((d) => d.rule === rule).map((d) => `${d.pointer}: ${d.message}`);

  it('takes a trailing "+" off and drops a name the target ignores, saying so, wherever the carried keys come from', () => {
    const carried = convertLegacy(legacy({ log: ['CRUD+', 'HTTP+', 'REST+'] }), { decisions: new Map([['old-logging', 'carry']]) });
    expect(carried.bootstrap.logging).toEqual({ console: { log_keys: ['CRUD', 'HTTP+'] } });
    expect(byRule(carried, 'convert/overwritten-value')).toEqual(['/log/0: log key "CRUD+" is written "CRUD", as 4.1 reads it']);
    expect(byRule(carried, 'convert/dropped-field')).toEqual(['/log/2: the log key "REST+" is not written to the 3.x configs']);
    const current = convertLegacy(legacy({ logging: { console: { log_keys: ['Sync+', 'VV'] } } }), { target: '3.3' });
    expect(current.bootstrap.logging).toEqual({ console: { log_keys: ['Sync'] } });
    expect(byRule(current, 'convert/dropped-field')).toEqual(['/logging/console/log_keys/1: the log key "VV" is not written to the 3.x configs']);
  });

  it('does the same for a database\'s own keys', () => {
    const result = convertLegacy(legacy({}, { db: db({ logging: { console: { log_keys: ['Cache+', 'Attach'] } } }) }));
    expect(result.databases.db?.logging).toEqual({ console: { log_keys: ['Cache'] } });
    expect(byRule(result, 'convert/dropped-field')).toEqual(['/databases/db/logging/console/log_keys/1: the log key "Attach" is not written to the 3.x configs']);
  });
});
