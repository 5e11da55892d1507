// The bootstrap config of a conversion: the reference database's server and identity, and every
// top-level field of the legacy file moved to its 3.x place (or dropped, with the reason).
import { isObject, joinPointer, type JsonObject, type JsonValue, type Severity } from '../types.js';
import { readableLogKeys } from './log-keys.js';
import { numericValue } from './dialect.js';
import { secondsToGoDuration } from './duration.js';
import { CONVERT_RULES, type Conversion, type Drop } from './conversion.js';
import { IGNORED_SERVER_FIELDS, ignoredBy } from '../releases/ignored-fields.js';
import { NEWEST_RELEASE } from '../releases/index.js';
import type { Servers } from './identity.js';

/** Fields the 3.x startup config has no place for (reference 8.2.2 last rows), by canonical key, with the reason given to the user. */
const DROPPED_TOP_LEVEL: Record<string, { severity: Severity; reason: string }> = {
  adminUI: { severity: 'warning', reason: '3.x has no custom admin page; the field is dropped' },
  configServer: { severity: 'warning', reason: 'the config server was removed in 2.x-3.x; databases are created with PUT /{db}/ instead' },
  deploymentID: { severity: 'info', reason: 'stats reporting was removed; the field had no effect' },
  statsReportInterval: { severity: 'info', reason: 'stats reporting was removed; the field had no effect' },
  facebook: { severity: 'warning', reason: 'Facebook login is not part of the 3.x startup config (the gateway keeps it in memory only during its own upgrade); clients must use another login (OIDC, for example)' },
  google: { severity: 'warning', reason: 'Google login is not part of the 3.x startup config (the gateway keeps it in memory only during its own upgrade); use an OIDC provider instead' },
  cluster_config: { severity: 'warning', reason: 'the Sync Gateway Accelerator settings were removed; 3.x ignores them' },
  // 2.x-only keys that a 3.x gateway refuses (unknown key, FATAL): nothing to carry over.
  maxCouchbaseConnections: { severity: 'warning', reason: 'the connection pool size setting was removed after 2.6 (3.x refuses the key); 3.x sizes its pools itself' },
  maxCouchbaseOverflow: { severity: 'warning', reason: 'the connection pool overflow setting was removed after 2.6 (3.x refuses the key); 3.x sizes its pools itself' },
  skip_runmode_validation: { severity: 'warning', reason: 'the Sync Gateway Accelerator run mode was removed after 2.6 (3.x refuses the key)' },
  runmode: { severity: 'warning', reason: 'the Sync Gateway Accelerator run mode was removed after 2.6 (3.x refuses the key)' },
};

export function bootstrapConfig(config: JsonObject, { reference, credentials, useTlsServer }: Servers, conversion: Conversion): JsonObject {
  const { options, report, drop, bare, refText, writtenKey } = conversion;
  const dropped = conversion.result.dropped;
  const useTls = useTlsServer ?? config.use_tls_server;
  if (!reference) return {};
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
      report(CONVERT_RULES.envReference, 'info', pointer, `the environment reference ${ref} holds seconds; it is written as "${braced}s"`, undefined,
        'The 3.x field is a duration, so the variable must hold a whole number of seconds.');
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
          report(CONVERT_RULES.overwrittenValue, 'warning', pointer, 'MaxIncomingConnections is negative, so api.max_connections is written as 0 (unlimited)', undefined,
            'The gateway would wrap a negative number to a huge unsigned one: no limit, which 0 says plainly.');
          api.max_connections = 0;
        } else api.max_connections = value;
        break;
      case 'compressResponses': api.compress_responses = value; break;
      case 'hide_product_version': api.hide_product_version = value; break;
      case 'tls_minimum_version': https.tls_minimum_version = value; break;
      case 'SSLCert': https.tls_cert_path = value; break;
      case 'SSLKey': https.tls_key_path = value; break;
      case 'CORS': convertCors(value, pointer, cors, drop); break;
      case 'logging': convertLogging(value, pointer, logging); break;
      case 'log': case 'logFilePath': break; // the old-logging decision
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
  // A carried field the target reads and does nothing with goes, named, as for a database (database.ts).
  for (const field of IGNORED_SERVER_FIELDS) {
    const pointer = joinPointer('', field.keys.legacy);
    if (rootFields[field.keys.bootstrap] === undefined || !ignoredBy(field.fact, options.target ?? NEWEST_RELEASE)) continue;
    drop(pointer, 'warning', field.why, `"${writtenKey(pointer)}"`);
    delete rootFields[field.keys.bootstrap];
  }
  const keysFrom = carryOldLogging(config, logging, conversion) ?? '/logging/console/log_keys';
  if (isObject(logging.console) && logging.console.log_keys !== undefined) {
    logging.console = { ...logging.console, log_keys: readableLogKeys(logging.console.log_keys, keysFrom, conversion) };
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
  return bootstrap;
}

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

function convertLogging(value: JsonValue, pointer: string, logging: JsonObject): void {
  if (!isObject(value)) return;
  const entries = Object.entries(value);
  const rank = (k: string) => { const i = LOGGING_ORDER.indexOf(k); return i < 0 ? LOGGING_ORDER.length : i; };
  for (const [key, inner] of [...entries].sort((a, b) => rank(a[0]) - rank(b[0]))) {
    if (key === 'default') continue; // the old-logging decision
    logging[key] = inner;
  }
}

// 2.x logging levels as the old block wrote them, to the 3.x names (base.ToLogLevel@2.8.0); info (0) is the default and not carried.
const OLD_LOG_LEVELS: Record<string, string> = { debug: 'debug', warn: 'warn', error: 'error', panic: 'error', fatal: 'error' };

/**
 * The 2.x logging settings 3.x no longer reads (log, logFilePath, logging.default): 2.8 falls back to them
 * when the new ones are unset (rest/config.go@2.8.0 deprecatedConfigLoggingFallback); the gateway's own
 * upgrade drops them. Which is wanted is the old-logging decision. Returns where the log keys it carried come from.
 */
function carryOldLogging(config: JsonObject, logging: JsonObject, { decide, drop, report }: Conversion): string | undefined {
  const oldBlock = isObject(config.logging) && isObject(config.logging.default) ? config.logging.default : undefined;
  const log = Array.isArray(config.log) && config.log.length > 0 ? config.log : undefined;
  const logFilePath = typeof config.logFilePath === 'string' && config.logFilePath !== '' ? config.logFilePath : undefined;
  const places = [...(log ? ['/log'] : []), ...(logFilePath ? ['/logFilePath'] : []), ...(oldBlock ? ['/logging/default'] : [])];
  if (places.length === 0) {
    for (const p of ['/log', '/logFilePath']) if (config[p.slice(1)] !== undefined && config[p.slice(1)] !== null) drop(p, 'info', 'it is empty', `"${p.slice(1)}"`);
    return undefined;
  }
  const names = places.map((p) => p.slice(1).replace('/', '.')).join(', ');
  const choice = decide({
    id: 'old-logging', pointer: places[0]!, target: 'key',
    question: `2.8 still reads ${names}, and 3.x does not; carry ${places.length === 1 ? 'it' : 'them'} into "logging" or drop ${places.length === 1 ? 'it' : 'them'}?`,
    choices: [
      { id: 'carry', effect: 'they move to logging.console.log_keys, logging.console.log_level and logging.log_file_path where those are unset, as 2.8 reads them' },
      { id: 'drop', effect: 'they are not written, as the gateway\'s own upgrade does; the gateway logs as "logging" says' },
    ],
    answers: places.map((pointer) => ({ rule: 'upgrade/removed-key', pointer })),
  });
  if (choice === 'drop') {
    for (const p of places) drop(p, 'warning', 'decision old-logging=drop', `"${p.slice(1).replace('/', '.')}"`);
    return undefined;
  }
  const console: JsonObject = isObject(logging.console) ? { ...logging.console } : {};
  const hasKeys = Array.isArray(console.log_keys) && console.log_keys.length > 0;
  let keysFrom: string | undefined;
  if (oldBlock) {
    if (typeof logging.log_file_path !== 'string' && typeof oldBlock.logFilePath === 'string' && oldBlock.logFilePath !== '') {
      // 2.8 took the file's folder unless the path is a folder on the host; a path ending in "/" is taken as one.
      const file = oldBlock.logFilePath;
      logging.log_file_path = file.endsWith('/') ? file : file.slice(0, Math.max(file.lastIndexOf('/'), 0)) || '.';
      report(CONVERT_RULES.overwrittenValue, 'info', '/logging/default/logFilePath', `logging.log_file_path is "${String(logging.log_file_path)}", the folder of the old log file`, undefined,
        '2.8 used the folder holding logging.default.logFilePath (or the path itself when it is a folder on the gateway host).');
    }
    if (!hasKeys && Array.isArray(oldBlock.logKeys) && oldBlock.logKeys.length > 0) {
      console.log_keys = oldBlock.logKeys;
      keysFrom = '/logging/default/logKeys';
    }
    const level = typeof oldBlock.logLevel === 'string' ? OLD_LOG_LEVELS[oldBlock.logLevel.toLowerCase()] : undefined;
    if (console.log_level === undefined && level !== undefined) console.log_level = level;
    for (const key of Object.keys(oldBlock)) {
      if (!['logFilePath', 'logKeys', 'logLevel'].includes(key)) drop(`/logging/default/${key}`, 'warning', '3.x sets rotation per log file (logging.<level>.rotation)', `"logging.default.${key}"`);
    }
  }
  if (log) {
    if (hasKeys) drop('/log', 'info', 'logging.console.log_keys is set, so 2.8 did not read it either', '"log"');
    else if (!(Array.isArray(console.log_keys) && console.log_keys.length > 0)) {
      console.log_keys = log;
      keysFrom = '/log';
    }
    else drop('/log', 'info', 'logging.default.logKeys came first in 2.8', '"log"');
  }
  if (logFilePath) {
    if (typeof logging.log_file_path !== 'string') logging.log_file_path = logFilePath;
    else drop('/logFilePath', 'info', 'logging.log_file_path is set, so 2.8 did not read it either', '"logFilePath"');
  }
  if (Object.keys(console).length > 0) logging.console = console;
  return keysFrom;
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
