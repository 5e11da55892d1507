// The pure conversion of a legacy config into 3.x configs (reference 8.2-8.5), with the deliberate
// improvements listed in the README: a deterministic bootstrap identity, credentials of every database kept,
// principals of every database, function files inlined, environment references kept, nothing dropped silently.
import { normalizeKeys } from '../schema/normalize.js';
import { isObject, joinPointer, setOwn, splitPointer, type JsonObject, type JsonValue, type RawDiagnostic, type Severity } from '../types.js';
import { isTestStoreAddress, isTlsAddress, upgradeServerAddress } from './address.js';
import { bareReferenceIndex, hasEnvironmentReference, numericValue, withDollarEscapesRead } from './dialect.js';
import { secondsToGoDuration } from './duration.js';
import type { ConversionResult, ConvertOptions, DroppedField, Principals } from './types.js';

export const CONVERT_RULES = {
  notLegacy: 'convert/not-legacy',
  unreadable: 'convert/unreadable',
  noDatabases: 'convert/no-databases',
  missingServer: 'convert/missing-server',
  serverAddress: 'convert/server-address',
  serverMismatch: 'convert/server-mismatch',
  tlsRequired: 'convert/tls-required',
  bucketCollision: 'convert/bucket-collision',
  sgReplicate: 'convert/sg-replicate',
  persistentConfigDisabled: 'convert/persistent-config-disabled',
  replicationId: 'convert/replication-id',
  functionSource: 'convert/function-source',
  droppedField: 'convert/dropped-field',
  sharedBucketAccess: 'convert/shared-bucket-access',
  credentials: 'convert/credentials',
  envReference: 'convert/env-reference',
  overwrittenValue: 'convert/overwritten-value',
  outputInvalid: 'convert/output-invalid',
  buildInput: 'convert/build-input',
} as const;

const STRIPPED_DATABASE_KEYS = ['server', 'username', 'password', 'certpath', 'keypath', 'cacertpath'];

/** Fields the 3.x startup config has no place for (reference 8.2.2 last rows), by canonical key, with the reason given to the user. */
const DROPPED_TOP_LEVEL: Record<string, { severity: Severity; reason: string }> = {
  adminUI: { severity: 'warning', reason: '3.x has no custom admin page; the field is dropped' },
  configServer: { severity: 'warning', reason: 'the config server was removed in 2.x-3.x; databases are created with PUT /{db}/ instead' },
  deploymentID: { severity: 'info', reason: 'stats reporting was removed; the field had no effect' },
  statsReportInterval: { severity: 'info', reason: 'stats reporting was removed; the field had no effect' },
  facebook: { severity: 'warning', reason: 'Facebook login is not part of the 3.x startup config (the gateway keeps it in memory only during its own upgrade); clients must use another login (OIDC, for example)' },
  google: { severity: 'warning', reason: 'Google login is not part of the 3.x startup config (the gateway keeps it in memory only during its own upgrade); use an OIDC provider instead' },
  log: { severity: 'warning', reason: '3.x ignores the old log key list; set logging.console.log_keys in bootstrap.json instead' },
  logFilePath: { severity: 'warning', reason: '3.x ignores the old log file path; set logging.log_file_path in bootstrap.json instead' },
  cluster_config: { severity: 'warning', reason: 'the Sync Gateway Accelerator settings were removed; 3.x ignores them' },
  // 2.x-only keys that a 3.x gateway refuses (unknown key, FATAL): nothing to carry over.
  maxCouchbaseConnections: { severity: 'warning', reason: 'the connection pool size setting was removed after 2.6 (3.x refuses the key); 3.x sizes its pools itself' },
  maxCouchbaseOverflow: { severity: 'warning', reason: 'the connection pool overflow setting was removed after 2.6 (3.x refuses the key); 3.x sizes its pools itself' },
  skip_runmode_validation: { severity: 'warning', reason: 'the Sync Gateway Accelerator run mode was removed after 2.6 (3.x refuses the key)' },
  runmode: { severity: 'warning', reason: 'the Sync Gateway Accelerator run mode was removed after 2.6 (3.x refuses the key)' },
};

interface Identity {
  username: string;
  password: string;
  x509Cert: string;
  x509Key: string;
  ca: string;
}

/**
 * Convert a parsed legacy config. Pure: the caller reads function files and URLs beforehand
 * (`options.functionSources`) and does all writing. The gateway matches keys case-insensitively, so the
 * config is normalised to the schemas' spelling once (as the lint pipeline does) and every pointer in the
 * result is mapped back to the keys as written.
 */
export function convertLegacy(config: JsonValue, options: ConvertOptions = {}): ConversionResult {
  if (!isObject(config)) {
    return {
      bootstrap: {}, databases: {}, principals: {}, dropped: [], identityFrom: null, credentialsFor: [], writtenPointer: (p) => p,
      diagnostics: [{ rule: CONVERT_RULES.unreadable, severity: 'error', pointer: '', message: 'the config is not a JSON object' }],
    };
  }
  const normalized = normalizeKeys('legacy', config);
  const result = convertCanonical(normalized.value as JsonObject, options, (pointer) => splitPointer(normalized.toOriginalPointer(pointer)).pop()!);
  for (const d of result.diagnostics) d.pointer = normalized.toOriginalPointer(d.pointer);
  for (const d of result.dropped) d.pointer = normalized.toOriginalPointer(d.pointer);
  result.writtenPointer = normalized.toOriginalPointer;
  return result;
}

/** The conversion of a config whose keys are spelled as in the legacy schema (`writtenKey`: a key as the user wrote it, for messages). */
function convertCanonical(config: JsonObject, options: ConvertOptions, writtenKey: (pointer: string) => string): ConversionResult {
  const diagnostics: RawDiagnostic[] = [];
  const dropped: DroppedField[] = [];
  const report = (rule: string, severity: Severity, pointer: string, message: string, target?: 'key') =>
    diagnostics.push({ rule, severity, pointer, message, ...(target ? { target } : {}) });
  const drop = (pointer: string, severity: Severity, reason: string, label: string) => {
    dropped.push({ pointer, reason });
    report(CONVERT_RULES.droppedField, severity, pointer, `${label} is not written to the 3.x configs: ${reason}`, 'key');
  };
  const result: ConversionResult = {
    bootstrap: {}, databases: {}, principals: {}, dropped, diagnostics, identityFrom: null, credentialsFor: [],
    writtenPointer: (p) => p,
  };
  const bare = options.bareReferences ?? [];
  const refText = (v: JsonValue | undefined) => {
    const i = bareReferenceIndex(v);
    return i === undefined ? undefined : bare[i] ?? '$?';
  };

  // ---- refusals that concern the whole file ------------------------------------------------------
  if (config.replications !== undefined && config.replications !== null) {
    report(CONVERT_RULES.sgReplicate, 'error', '/replications',
      'root-level "replications" (first-generation sg-replicate) was removed in 3.0 and makes every 3.x gateway refuse to start; ' +
      'define each one as an Inter-Sync Gateway Replication under "replications" of its database, then convert', 'key');
  }
  if (config.disable_persistent_config === true) {
    report(CONVERT_RULES.persistentConfigDisabled, 'error', '/disable_persistent_config',
      'this config asks the gateway to run in legacy mode ("disable_persistent_config": true), so there is nothing to upgrade; ' +
      'remove the field (or set it to false) to convert it to persistent configs');
  }
  const databases = isObject(config.databases) ? config.databases : undefined;
  if (!databases || Object.keys(databases).length === 0) {
    report(CONVERT_RULES.noDatabases, 'error', databases ? '/databases' : '',
      'the config defines no database, so there is no server address for the bootstrap config; add a database with a "server"');
    return result;
  }

  // ---- step 1: each database's server, identity and bucket (file order, not map order) ----------------
  const useTls = config.use_tls_server;
  const threshold = config.slowQueryWarningThreshold;

  let reference: { db: string; server: string; identity: Identity } | undefined;
  const bucketOwner = new Map<string, string>();
  const credentials: JsonObject = {};
  for (const [name, db] of Object.entries(databases)) {
    const base = joinPointer('', 'databases', name);
    if (!isObject(db)) {
      report(CONVERT_RULES.unreadable, 'error', base, `database "${name}" is not an object`);
      continue;
    }
    const at = (key: string) => joinPointer(base, key);
    const server = typeof db.server === 'string' ? db.server : '';
    if (server === '') {
      report(CONVERT_RULES.missingServer, 'error', base,
        `database "${name}" has no "server"; 2.x then used the in-memory walrus: store, 3.x needs every database on the ` +
        'Couchbase Server cluster of the bootstrap config: add "server" (the same address as the other databases)', 'key');
      continue;
    }
    const upgraded = upgradeServerAddress(server);
    if (upgraded.error) {
      report(CONVERT_RULES.serverAddress, 'error', at('server'), `the server address of database "${name}" cannot be upgraded: ${upgraded.error}`);
      continue;
    }
    const identity = identityOf(db, upgraded.credentials);
    if (!reference) {
      reference = { db: name, server: upgraded.address, identity };
      result.identityFrom = name;
      const tlsProblem = tlsProblemOf(upgraded.address, useTls, upgraded.hasEnvReference, upgraded.testStore);
      if (tlsProblem) report(CONVERT_RULES.tlsRequired, tlsProblem.severity, at('server'), tlsProblem.message);
    } else {
      if (upgraded.address !== reference.server) {
        report(CONVERT_RULES.serverMismatch, 'error', at('server'),
          `database "${name}" uses the server "${upgraded.address}" but "${reference.db}" uses "${reference.server}" ` +
          '(after the address upgrade); a 3.x node bootstraps from one cluster, so every database must name the same address');
      }
      placeCredentials(name, identity, reference, credentials, at, report, result);
    }
    const bucket = typeof db.bucket === 'string' && db.bucket !== '' ? db.bucket : name;
    const owner = bucketOwner.get(bucket);
    if (owner !== undefined) {
      report(CONVERT_RULES.bucketCollision, 'error', db.bucket !== undefined ? at('bucket') : base,
        `databases "${owner}" and "${name}" both use the bucket "${bucket}"; an upgraded 3.x database needs a bucket of its own`);
    } else {
      bucketOwner.set(bucket, name);
    }
  }
  if (diagnostics.some((d) => d.severity === 'error') || !reference) return result;

  // ---- the bootstrap config ------------------------------------------------------------------------
  const bootstrapSection: JsonObject = {};
  const groupFromFile = config.config_upgrade_group_id;
  if (options.groupId !== undefined) {
    bootstrapSection.group_id = options.groupId;
    if (typeof groupFromFile === 'string' && groupFromFile !== '' && groupFromFile !== options.groupId) {
      report(CONVERT_RULES.overwrittenValue, 'info', '/config_upgrade_group_id', `--group-id "${options.groupId}" is used instead of config_upgrade_group_id "${groupFromFile}"`);
    }
  } else if (typeof groupFromFile === 'string' && groupFromFile !== '') {
    bootstrapSection.group_id = groupFromFile;
  }
  bootstrapSection.server = reference.server;
  const id = reference.identity;
  if (id.username !== '') bootstrapSection.username = id.username;
  if (id.password !== '') bootstrapSection.password = id.password;
  if (id.ca !== '') bootstrapSection.ca_cert_path = id.ca;
  if (config.server_tls_skip_verify !== undefined && config.server_tls_skip_verify !== null) bootstrapSection.server_tls_skip_verify = config.server_tls_skip_verify;
  if (id.x509Cert !== '') bootstrapSection.x509_cert_path = id.x509Cert;
  if (id.x509Key !== '') bootstrapSection.x509_key_path = id.x509Key;
  if (useTls !== undefined && useTls !== null) bootstrapSection.use_tls_server = useTls;

  const api: JsonObject = {};
  const https: JsonObject = {};
  const cors: JsonObject = {};
  const logging: JsonObject = {};
  const auth: JsonObject = {};
  const replicator: JsonObject = {};
  const unsupported: JsonObject = {};
  const rootFields: JsonObject = {};
  const duration = (value: JsonValue, pointer: string): JsonValue => {
    const ref = refText(value);
    if (ref !== undefined) {
      const braced = ref.startsWith('${') ? ref : `\${${ref.slice(1)}}`;
      report(CONVERT_RULES.envReference, 'info', pointer,
        `the environment reference ${ref} holds seconds; it is written as the duration "${braced}s", so the variable must hold a whole number of seconds`);
      return `${braced}s`;
    }
    // A number kept as written (30.0, 1e1) is still seconds; one no double holds (1e309) stays as written.
    const seconds = numericValue(value, bare);
    return seconds !== undefined && Number.isFinite(seconds) ? secondsToGoDuration(seconds) : value;
  };

  for (const [key, value] of Object.entries(config)) {
    const pointer = joinPointer('', key);
    if (value === null) continue; // null is "not set"
    switch (key) {
      case 'databases': case 'use_tls_server': case 'server_tls_skip_verify': case 'config_upgrade_group_id':
      case 'slowQueryWarningThreshold': case 'replications':
        break;
      case 'disable_persistent_config':
        report(CONVERT_RULES.droppedField, 'info', pointer, 'disable_persistent_config only chose the legacy mode; it has no place in the 3.x configs', 'key');
        dropped.push({ pointer, reason: 'only chose the legacy mode' });
        break;
      case 'interface': api.public_interface = value; break;
      case 'adminInterface': api.admin_interface = value; break;
      case 'metricsInterface': api.metrics_interface = value; break;
      case 'profileInterface': api.profile_interface = value; break;
      case 'admin_interface_authentication': api.admin_interface_authentication = value; break;
      case 'metrics_interface_authentication': api.metrics_interface_authentication = value; break;
      case 'enable_advanced_auth_dp': api.enable_advanced_auth_dp = value; break;
      case 'ServerReadTimeout': api.server_read_timeout = duration(value, pointer); break;
      case 'ServerWriteTimeout': api.server_write_timeout = duration(value, pointer); break;
      case 'ReadHeaderTimeout': api.read_header_timeout = duration(value, pointer); break;
      case 'IdleTimeout': api.idle_timeout = duration(value, pointer); break;
      case 'pretty':
        if (value === false) {
          report(CONVERT_RULES.droppedField, 'info', pointer, '"Pretty": false is the default; the gateway copies Pretty only when true', 'key');
          dropped.push({ pointer, reason: 'false is the default' });
        } else api.pretty = value;
        break;
      case 'maxIncomingConnections':
        if ((numericValue(value, bare) ?? 0) < 0) {
          report(CONVERT_RULES.overwrittenValue, 'warning', pointer,
            'MaxIncomingConnections is negative; the gateway would wrap it to a huge unsigned number (no limit), so api.max_connections is written as 0 (unlimited)');
          api.max_connections = 0;
        } else api.max_connections = value;
        break;
      case 'compressResponses': api.compress_responses = value; break;
      case 'hide_product_version': api.hide_product_version = value; break;
      case 'tls_minimum_version': https.tls_minimum_version = value; break;
      case 'SSLCert': https.tls_cert_path = value; break;
      case 'SSLKey': https.tls_key_path = value; break;
      case 'CORS': convertCors(value, pointer, cors, drop); break;
      case 'logging': convertLogging(value, pointer, logging, drop); break;
      case 'bcrypt_cost': auth.bcrypt_cost = value; break;
      case 'replicator_compression': replicator.blip_compression = value; break;
      case 'maxHeartbeat': replicator.max_heartbeat = duration(value, pointer); break;
      case 'unsupported': convertUnsupported(value, pointer, unsupported, duration, drop); break;
      case 'maxFileDescriptors': rootFields.max_file_descriptors = value; break;
      case 'couchbaseKeepaliveInterval': rootFields.couchbase_keepalive_interval = value; break;
      default: {
        const known = Object.prototype.hasOwnProperty.call(DROPPED_TOP_LEVEL, key) ? DROPPED_TOP_LEVEL[key] : undefined;
        if (known) drop(pointer, known.severity, known.reason, `"${writtenKey(pointer)}"`);
        else drop(pointer, 'warning', 'it is not a field of the legacy config, so it has no 3.x equivalent', `the unknown field "${key}"`);
      }
    }
  }
  if (Object.keys(https).length > 0) api.https = https;
  if (Object.keys(cors).length > 0) api.cors = cors;

  const bootstrap: JsonObject = { bootstrap: bootstrapSection };
  if (Object.keys(api).length > 0) bootstrap.api = api;
  if (Object.keys(logging).length > 0) bootstrap.logging = logging;
  if (Object.keys(auth).length > 0) bootstrap.auth = auth;
  if (Object.keys(replicator).length > 0) bootstrap.replicator = replicator;
  if (Object.keys(unsupported).length > 0) bootstrap.unsupported = unsupported;
  if (Object.keys(credentials).length > 0) bootstrap.database_credentials = credentials;
  Object.assign(bootstrap, rootFields);
  result.bootstrap = bootstrap;

  // ---- steps 2-3: each database config, and its principals -----------------------------------------
  for (const [name, raw] of Object.entries(databases)) {
    const base = joinPointer('', 'databases', name);
    const db = raw as JsonObject;
    const at = (key: string) => joinPointer(base, key);
    const out: JsonObject = { name, bucket: typeof db.bucket === 'string' && db.bucket !== '' ? db.bucket : name };
    if (typeof db.name === 'string' && db.name !== name) {
      report(CONVERT_RULES.overwrittenValue, 'info', at('name'), `"name" is "${db.name}" but the database is "${name}" (the map key); the gateway uses the key, and so does databases/${name}.json`);
    }
    const principals: Principals = { users: {}, roles: {} };
    let hadPrincipalFields = false;
    let guest: JsonValue | undefined;
    for (const [key, value] of Object.entries(db)) {
      if (key === 'name' || key === 'bucket' || STRIPPED_DATABASE_KEYS.includes(key)) continue;
      if (key === 'users' || key === 'roles') {
        hadPrincipalFields = true;
        if (!isObject(value)) continue;
        for (const [principal, body] of Object.entries(value)) {
          if (key === 'users' && principal === 'GUEST') guest = body;
          else setOwn(principals[key], principal, body);
        }
        continue;
      }
      if (key === 'slow_query_warning_threshold' && threshold !== undefined && threshold !== null) {
        if (JSON.stringify(value) !== JSON.stringify(threshold)) {
          report(CONVERT_RULES.overwrittenValue, 'info', at(key),
            `slow_query_warning_threshold of database "${name}" is replaced by the root SlowQueryWarningThreshold, as the gateway's own upgrade does`);
        }
        out[key] = threshold;
        continue;
      }
      if (key === 'replications' && isObject(value)) {
        out[key] = convertReplications(value, at(key), report);
        continue;
      }
      out[key] = value;
    }
    if (guest !== undefined) {
      if (out.guest !== undefined) {
        report(CONVERT_RULES.overwrittenValue, 'warning', at('guest'), `database "${name}" has both "guest" and users.GUEST; users.GUEST becomes "guest", as in the gateway's own upgrade`);
      }
      out.guest = guest;
    }
    const refusedOff = options.sharedBucketAccessOff?.severity === 'error';
    if (refusedOff && (db.enable_shared_bucket_access ?? false) === false) {
      // The target would not load what the gateway's own upgrade writes: say so, and the ways out.
      const written = db.enable_shared_bucket_access === false ? 'sets enable_shared_bucket_access false' : 'does not set enable_shared_bucket_access (converted as the gateway\'s own upgrade does, it is false)';
      report(CONVERT_RULES.sharedBucketAccess, 'error', db.enable_shared_bucket_access === false ? at('enable_shared_bucket_access') : base,
        `database "${name}" ${written}, and Sync Gateway ${options.target} refuses to load a database without shared bucket access. ` +
        'Choose one: set "enable_shared_bucket_access": true in the legacy config (an irreversible migration of the bucket\'s metadata; ' +
        `"sgconf plan <config> --from 2.8 --to ${options.target}" lists its steps), or convert for a 3.x release (--target 3.3), which loads it with a deprecation warning`,
        db.enable_shared_bucket_access === false ? undefined : 'key');
    }
    if (!refusedOff && (db.enable_shared_bucket_access === undefined || db.enable_shared_bucket_access === null)) {
      out.enable_shared_bucket_access = false;
      report(CONVERT_RULES.sharedBucketAccess, 'info', base,
        `database "${name}" did not set enable_shared_bucket_access, so it is written as false (the 2.x behaviour, as the gateway's own upgrade does). ` +
        'Sync Gateway 4.0 and later will not load a database with shared bucket access off: to opt in, set "enable_shared_bucket_access": true ' +
        '(metadata moves into extended attributes, documents are imported and indexes are rebuilt; plan it, then run POST /_post_upgrade)', 'key');
    }
    if (threshold !== undefined && threshold !== null && out.slow_query_warning_threshold === undefined) out.slow_query_warning_threshold = threshold;
    inlineFunctions(out, base, name, options, report);
    if (options.expanded) escapeDollars(out);
    setOwn(result.databases, name, out);
    if (Object.keys(principals.users).length > 0 || Object.keys(principals.roles).length > 0) {
      // Named by where they are, never by value: a password holding a reference is still a password.
      const withReferences = placesOfStrings(principals as unknown as JsonValue, (s) => withDollarEscapesRead(s) === null);
      // The _user and _role endpoints expand nothing: a `$$` the gateway read as `$` is written as `$`.
      if (!options.expanded) readDollarEscapes(principals as unknown as JsonValue);
      setOwn(result.principals, name, principals);
      if (!options.expanded && withReferences.length > 0) {
        const more = withReferences.length > 3 ? ` and ${withReferences.length - 3} more` : '';
        report(CONVERT_RULES.envReference, 'warning', at('users'),
          `principals/${name}.json keeps environment references (at ${withReferences.slice(0, 3).join(', ')}${more}); the _user and _role endpoints do not expand them, ` +
          'so substitute the values before sending these principals (or convert with --expand-env)', 'key');
      }
    } else if (hadPrincipalFields) {
      report(CONVERT_RULES.droppedField, 'info', at(db.users !== undefined ? 'users' : 'roles'),
        `database "${name}" defines no user or role besides the guest, so no principals file is written`, 'key');
    }
  }
  if (options.expanded) escapeDollars(result.bootstrap);
  reportBareReferences(config, result, bare, report);
  return result;
}

function identityOf(db: JsonObject, fromUrl: { username: string; password: string } | undefined): Identity {
  const str = (v: JsonValue | undefined) => (typeof v === 'string' ? v : '');
  const own = str(db.username) !== '' || str(db.password) !== '';
  return {
    username: own ? str(db.username) : fromUrl?.username ?? '',
    password: own ? str(db.password) : fromUrl?.password ?? '',
    x509Cert: str(db.certpath),
    x509Key: str(db.keypath),
    ca: str(db.cacertpath),
  };
}

function tlsProblemOf(address: string, useTls: JsonValue | undefined, hasEnvReference: boolean, testStore: boolean):
  { severity: Severity; message: string } | undefined {
  if (testStore) return undefined;
  if (useTls === false) {
    if (isTlsAddress(address)) {
      return { severity: 'error', message: `"use_tls_server": false cannot be combined with the TLS address "${address}"; remove use_tls_server (or use a couchbase:// address)` };
    }
    return undefined;
  }
  if (isTlsAddress(address)) return undefined;
  if (hasEnvReference && !/^[a-z]+:\/\//.test(address)) {
    return { severity: 'warning', message: `the bootstrap address "${address}" comes from the environment; 3.x requires a couchbases:// address unless "use_tls_server": false is set` };
  }
  return {
    severity: 'error',
    message: `the bootstrap address becomes "${address}", which is not a TLS (couchbases://) address; a 3.x gateway refuses to start with it ` +
      'unless "use_tls_server": false is set: switch the server to couchbases:// (recommended) or add "use_tls_server": false to the legacy config',
  };
}

function placeCredentials(
  name: string, identity: Identity, reference: { db: string; identity: Identity },
  credentials: JsonObject, at: (key: string) => string,
  report: (rule: string, severity: Severity, pointer: string, message: string, target?: 'key') => void,
  result: ConversionResult,
): void {
  const ref = reference.identity;
  if (identity.ca !== '' && identity.ca !== ref.ca) {
    result.dropped.push({ pointer: at('cacertpath'), reason: 'every 3.x database uses the bootstrap CA' });
    report(CONVERT_RULES.credentials, 'warning', at('cacertpath'),
      `database "${name}" names another CA certificate than "${reference.db}"; every 3.x database uses the bootstrap ca_cert_path, so this one is dropped`);
  }
  const hasX509 = identity.x509Cert !== '' && identity.x509Key !== '';
  const hasPassword = identity.username !== '' || identity.password !== '';
  const same = identity.username === ref.username && identity.password === ref.password &&
    identity.x509Cert === ref.x509Cert && identity.x509Key === ref.x509Key;
  if (same) return;
  if (!hasX509 && !hasPassword) {
    report(CONVERT_RULES.credentials, 'info', joinPointer(at('server')),
      `database "${name}" had no credentials of its own; in 3.x it connects with the bootstrap identity (from "${reference.db}")`);
    return;
  }
  const entry: JsonObject = {};
  if (hasX509) {
    entry.x509_cert_path = identity.x509Cert;
    entry.x509_key_path = identity.x509Key;
    if (hasPassword) {
      result.dropped.push({ pointer: at('username'), reason: 'the X.509 pair wins over username/password' });
      report(CONVERT_RULES.credentials, 'info', at('username'),
        `database "${name}" has an X.509 client certificate and a username/password; the certificate wins, so only the X.509 pair is kept in database_credentials`);
    }
  } else {
    entry.username = identity.username;
    entry.password = identity.password;
  }
  setOwn(credentials, name, entry);
  result.credentialsFor.push(name);
  report(CONVERT_RULES.credentials, 'info', at(hasX509 ? 'certpath' : 'username'),
    `database "${name}" connects with other credentials than the bootstrap identity (from "${reference.db}"); they are kept under database_credentials.${name} in bootstrap.json`);
}

type Drop = (pointer: string, severity: Severity, reason: string, label: string) => void;

function convertCors(value: JsonValue, pointer: string, cors: JsonObject, drop: Drop): void {
  if (!isObject(value)) return;
  const names: Record<string, string> = { Origin: 'origin', LoginOrigin: 'login_origin', Headers: 'headers', MaxAge: 'max_age' };
  for (const [key, inner] of Object.entries(value)) {
    const target = Object.prototype.hasOwnProperty.call(names, key) ? names[key] : undefined;
    if (target) cors[target] = inner;
    else drop(joinPointer(pointer, key), 'warning', 'CORS has no such setting in 3.x', `"${key}"`);
  }
}

const LOGGING_ORDER = ['log_file_path', 'redaction_level', 'console', 'error', 'warn', 'info', 'debug', 'trace', 'stats', 'audit'];

function convertLogging(value: JsonValue, pointer: string, logging: JsonObject, drop: Drop): void {
  if (!isObject(value)) return;
  const entries = Object.entries(value);
  const rank = (k: string) => { const i = LOGGING_ORDER.indexOf(k); return i < 0 ? LOGGING_ORDER.length : i; };
  for (const [key, inner] of [...entries].sort((a, b) => rank(a[0]) - rank(b[0]))) {
    if (key === 'default') {
      drop(joinPointer(pointer, key), 'warning', 'the pre-2.1 logging block is unknown to 3.x; configure logging.console and the file loggers instead', '"logging.default"');
      continue;
    }
    logging[key] = inner;
  }
}

function convertUnsupported(
  value: JsonValue, pointer: string, unsupported: JsonObject,
  duration: (v: JsonValue, p: string) => JsonValue, drop: Drop,
): void {
  if (!isObject(value)) return;
  for (const [key, inner] of Object.entries(value)) {
    const p = joinPointer(pointer, key);
    switch (key) {
      case 'http2': unsupported.http2 = inner; break;
      case 'stats_log_freq_secs': unsupported.stats_log_frequency = duration(inner, p); break;
      case 'use_stdlib_json': unsupported.use_stdlib_json = inner; break;
      default: drop(p, 'warning', 'the 3.x startup config has no such unsupported setting', `"unsupported.${key}"`);
    }
  }
}

function convertReplications(
  replications: JsonObject, pointer: string,
  report: (rule: string, severity: Severity, pointer: string, message: string, target?: 'key') => void,
): JsonObject {
  const out: JsonObject = {};
  for (const [id, replication] of Object.entries(replications)) {
    if (!isObject(replication)) {
      setOwn(out, id, replication);
      continue;
    }
    const written = replication.replication_id;
    if (typeof written === 'string' && written !== '' && written !== id) {
      report(CONVERT_RULES.replicationId, 'error', joinPointer(pointer, id, 'replication_id'),
        `replication_id "${written}" differs from its key "${id}"; the gateway refuses such a legacy config: make them equal`);
    }
    const copy: JsonObject = { replication_id: id };
    for (const [k, v] of Object.entries(replication)) if (k !== 'replication_id') setOwn(copy, k, v);
    if (written === undefined || written === '' || written === null) {
      report(CONVERT_RULES.replicationId, 'info', joinPointer(pointer, id),
        `replication "${id}" gets "replication_id": "${id}" (its key); 3.2 and later reject a database config whose replication has no replication_id`, 'key');
    }
    setOwn(out, id, copy);
  }
  return out;
}

function inlineFunctions(
  out: JsonObject, base: string, name: string, options: ConvertOptions,
  report: (rule: string, severity: Severity, pointer: string, message: string, target?: 'key') => void,
): void {
  const sources = options.functionSources;
  if (!sources || sources.size === 0) return;
  // The output holds the database's fields under the same canonical keys as the input.
  for (const [pointer, resolved] of sources) {
    if (!pointer.startsWith(base + '/')) continue;
    const tokens = splitPointer(pointer.slice(base.length));
    let parent: JsonValue = out;
    for (const t of tokens.slice(0, -1)) parent = isObject(parent) ? parent[t] : Array.isArray(parent) ? parent[Number(t)] : null;
    const last = tokens[tokens.length - 1];
    if (!isObject(parent) || typeof parent[last] !== 'string') continue;
    if (resolved.source === null) {
      report(CONVERT_RULES.functionSource, 'error', pointer,
        `the function of database "${name}" names the ${resolved.origin} ${resolved.location}, which cannot be read (${resolved.error ?? 'unknown error'}); ` +
        `a persisted config must hold the function itself, so the ${resolved.origin === 'url' ? 'URL must be fetched' : 'file must be readable'} when converting`);
      continue;
    }
    // The gateway expands environment references in a database config but never in a function file,
    // so every `$` of the file is escaped as `$$` (unless the whole output is escaped later).
    parent[last] = options.expanded ? resolved.source : resolved.source.replace(/\$/g, '$$$$');
    report(CONVERT_RULES.functionSource, 'info', pointer,
      `the function is inlined from the ${resolved.origin} ${resolved.location}: persisted configs cannot load functions from files or URLs`);
  }
}

/** After expansion every `$` is literal; the gateway expands the written configs again, so escape it. */
function escapeDollars(value: JsonObject | JsonValue[]): void {
  const entries: [string | number, JsonValue][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [k, v] of entries) {
    const set = (nv: JsonValue) => { if (Array.isArray(value)) value[k as number] = nv; else value[k as string] = nv; };
    if (typeof v === 'string') set(v.replace(/\$/g, '$$$$'));
    else if (Array.isArray(v) || isObject(v)) escapeDollars(v);
  }
}

/** Where strings passing `test` are, as slash-separated key paths (`users/ann/password`), in document order. */
function placesOfStrings(value: JsonValue, test: (s: string) => boolean): string[] {
  const out: string[] = [];
  const stack: [JsonValue, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (test(v)) out.push(at.slice(1));
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i]!, `${at}/${i}`]);
    } else if (isObject(v)) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i]![1], `${at}/${entries[i]![0]}`]);
    }
  }
  return out;
}

/** An info for every bare environment reference that reaches an output file (the dialect is written there). */
function reportBareReferences(
  config: JsonObject, result: ConversionResult, bare: readonly string[],
  report: (rule: string, severity: Severity, pointer: string, message: string, target?: 'key') => void,
): void {
  if (bare.length === 0) return;
  const inputPointer = new Map<number, string>();
  const walk = (v: JsonValue, pointer: string) => {
    const i = bareReferenceIndex(v);
    if (i !== undefined) inputPointer.set(i, pointer);
    else if (Array.isArray(v)) v.forEach((x, j) => walk(x, joinPointer(pointer, j)));
    else if (isObject(v)) for (const [k, x] of Object.entries(v)) walk(x, joinPointer(pointer, k));
  };
  walk(config, '');
  const outputs: [string, JsonValue][] = [
    ['bootstrap.json', result.bootstrap],
    ...Object.entries(result.databases).map(([n, d]) => [`databases/${n}.json`, d] as [string, JsonValue]),
    ...Object.entries(result.principals).map(([n, p]) => [`principals/${n}.json`, p as unknown as JsonValue] as [string, JsonValue]),
  ];
  for (const [file, value] of outputs) {
    const found = new Set<number>();
    const collect = (v: JsonValue) => {
      const i = bareReferenceIndex(v);
      if (i !== undefined) found.add(i);
      else if (Array.isArray(v)) v.forEach(collect);
      else if (isObject(v)) Object.values(v).forEach(collect);
    };
    collect(value);
    for (const i of found) {
      const principals = file.startsWith('principals/');
      report(CONVERT_RULES.envReference, principals ? 'warning' : 'info', inputPointer.get(i) ?? '',
        principals
          ? `${bare[i]} stands where a value belongs in ${file}; the _user and _role endpoints do not expand environment references, so substitute it before sending the file`
          : `${bare[i]} stands where a number or boolean belongs, so it is written unquoted and ${file} uses the gateway's JSON dialect rather than strict JSON (the gateway expands it before parsing)`);
    }
  }
}

export { isTestStoreAddress };

/** Replaces, in place, every string of a value that holds only `$$` escapes by what the gateway read from it. */
function readDollarEscapes(value: JsonValue): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (typeof item === 'string') value[i] = withDollarEscapesRead(item) ?? item;
      else readDollarEscapes(item);
    });
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'string') setOwn(value, key, withDollarEscapesRead(item) ?? item);
      else readDollarEscapes(item);
    }
  }
}
