#!/usr/bin/env node
// Builds schemas/{legacy,bootstrap,database}.schema.json from shared pieces.
// Source of truth: shared/reference/gateway-config.md (sections 1.4, 2, 3, 4, 5, 7).
// Run: node scripts/schemas/generate.mjs   (writes the files)
//      node scripts/schemas/generate.mjs --check   (exit 1 when a committed file differs)
//
// Conventions the validator relies on (see the task brief of issue 2):
// - one canonical spelling per key (the pipeline renames case variants before validating);
// - additionalProperties: false on every object the gateway decodes strictly;
// - integer / minimum 0 for unsigned Go fields, Go duration strings for 3.x durations;
// - `not: {}` + "Not allowed in a persisted database config:" for fields forbidden in persistent mode;
// - `deprecated: true` + "Deprecated:" for working-but-deprecated fields,
//   "Removed in 3.0:" / "Ignored by 3.x:" for 2.x keys that 3.x rejects or ignores.

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SCHEMA_BASE_URL = 'https://sgconf.dev/schemas/';
export const KINDS = ['legacy', 'bootstrap', 'database'];

/** Go `time.ParseDuration` syntax: "0", or one or more number+unit groups, optional sign. */
export const GO_DURATION_PATTERN =
  '^[-+]?(0|(([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(ns|us|µs|μs|ms|s|m|h))+)$';
export const DATABASE_NAME_PATTERN = '^[a-z][-a-z0-9_$()+/]*$';
const REDACTION_LEVEL_PATTERN =
  '^([nN][oO][nN][eE]|[pP][aA][rR][tT][iI][aA][lL]|[fF][uU][lL][lL]|[uU][nN][sS][eE][tT])$';
const UINT16_MAX = 65535;
const UINT32_MAX = 4294967295;

// ---------------------------------------------------------------------------------------------
// Small builders. Every builder takes the description first so that no property can lack one.

const str = (description, extra = {}) => ({ type: 'string', description, ...extra });
const bool = (description, extra = {}) => ({ type: 'boolean', description, ...extra });
const int = (description, extra = {}) => ({ type: 'integer', description, ...extra });
/** Go unsigned integer (uint, uint64): negative numbers are decode errors. */
const uint = (description, extra = {}) => ({ type: 'integer', minimum: 0, description, ...extra });
const uint16 = (description, extra = {}) => uint(description, { maximum: UINT16_MAX, ...extra });
const uint32 = (description, extra = {}) => uint(description, { maximum: UINT32_MAX, ...extra });
const num = (description, extra = {}) => ({ type: 'number', description, ...extra });
/** 3.x duration: a JSON string in Go duration syntax; a number is a decode error. */
const duration = (description, extra = {}) => ({
  type: 'string',
  pattern: GO_DURATION_PATTERN,
  description: `${description} Go duration string such as "10s", "1m30s" or "250ms"; a JSON number is an error.`,
  ...extra,
});
const strings = (description, extra = {}) => ({
  type: 'array',
  items: { type: 'string' },
  description,
  ...extra,
});
/** A struct decoded strictly: unknown keys are errors. */
const obj = (description, properties, extra = {}) => ({
  type: 'object',
  description,
  additionalProperties: false,
  properties,
  ...extra,
});
/** A map from user-chosen names to objects of one shape. */
const mapOf = (description, valueRef, valueDescription, extra = {}) => ({
  type: 'object',
  description,
  additionalProperties: { $ref: `#/$defs/${valueRef}`, description: valueDescription },
  ...extra,
});
const ref = (name, description, extra = {}) => ({ $ref: `#/$defs/${name}`, description, ...extra });
const deprecated = (schema) => ({ ...schema, deprecated: true });
/** A field that is rejected in a persisted database config (reference 4.3). */
const forbidden = (instead) => ({
  not: {},
  description: `Not allowed in a persisted database config: ${instead}`,
});

// ---------------------------------------------------------------------------------------------
// Logging (reference 3.1.3, 2.4)

const FILE_LOGGER_LEVELS = {
  error: { enabled: true, minAge: 180 },
  warn: { enabled: true, minAge: 90 },
  info: { enabled: true, minAge: 3 },
  debug: { enabled: false, minAge: 1 },
  trace: { enabled: false, minAge: 1 },
  stats: { enabled: true, minAge: 3, defaultAge: 90 },
};

function rotation(level) {
  const info = level ? FILE_LOGGER_LEVELS[level] : undefined;
  const maxAgeDefault = info ? (info.defaultAge ?? info.minAge * 2) : undefined;
  const minAgeText = info
    ? ` The minimum for this log is ${info.minAge} days; 0 disables age-based cleanup; a non-zero value below the minimum is an error.`
    : ' 0 disables age-based cleanup; a non-zero value below the per-level minimum is an error.';
  return obj('Log file rotation settings.', {
    max_size: int(
      'Size in megabytes at which the log file is rotated. 0 disables size-based rotation; a negative value is an error.',
      { minimum: 0, default: 100 },
    ),
    max_age: int(`Number of days rotated log files are kept.${minAgeText} Above 9999 is an error.`, {
      maximum: 9999,
      ...(maxAgeDefault !== undefined ? { default: maxAgeDefault } : {}),
    }),
    localtime: bool('Use the local time zone instead of UTC in the timestamps of rotated file names.', {
      default: false,
    }),
    rotated_logs_size_limit: int(
      'Total size in megabytes of rotated log files kept before the oldest are deleted (minimum 10).',
      { default: 1024 },
    ),
    rotation_interval: duration(
      'Since 3.2: also rotate the log after this time, between 15 minutes and 7 days.',
    ),
  });
}

function fileLogger(level) {
  const info = FILE_LOGGER_LEVELS[level];
  return obj(`The ${level} log file (sg_${level}.log inside logging.log_file_path).`, {
    enabled: bool(`Write the ${level} log file.`, { default: info.enabled }),
    rotation: rotation(level),
    collation_buffer_size: int('Number of log lines buffered and written together.'),
  });
}

const CONSOLE_LOG_LEVELS = ['none', 'error', 'warn', 'info', 'debug', 'trace'];

function consoleLogger() {
  return obj(
    'Console logging (standard error unless file_output is set). Enabled by default only when log_level or log_keys is given.',
    {
      enabled: bool('Write log output to the console.'),
      rotation: rotation(undefined),
      collation_buffer_size: int('Number of log lines buffered and written together.'),
      log_level: str(
        'Most verbose level written to the console: none, error, warn, info, debug or trace (exact lower case).',
        { enum: CONSOLE_LOG_LEVELS, default: 'info' },
      ),
      log_keys: strings(
        'Log keys (subsystems) written at info level and below, for example ["HTTP", "Sync"] or ["*"]. Unknown keys are warned about; a trailing "+" is stripped with a warning.',
      ),
      color_enabled: bool('Colour the console output; defaults from the SG_COLOR environment variable.'),
      file_output: str('Write console output to this file instead of standard error.'),
    },
  );
}

function auditLogger() {
  return obj(
    'Since 3.2 (EE): the audit log. File logger settings plus the audit log path and the enabled event ids.',
    {
      enabled: bool('Write the audit log.', { default: false }),
      rotation: rotation(undefined),
      collation_buffer_size: int('Number of log lines buffered and written together.'),
      audit_log_file_path: str('Directory of the audit log files; defaults to logging.log_file_path.'),
      enabled_events: {
        type: 'array',
        items: { type: 'integer', minimum: 0 },
        description:
          'Numeric ids of the audit events to record; ids must be known global events, otherwise startup fails.',
      },
    },
  );
}

function loggingCommon() {
  return {
    log_file_path: str(
      'Directory for the log files (sg_<level>.log); created if missing and must be writable. Defaults to the -defaultLogFilePath flag; when still empty, file logging is disabled.',
    ),
    redaction_level: str(
      'Redaction of user data in logs: none, partial, full or unset (case-insensitive); anything else is an error.',
      { pattern: REDACTION_LEVEL_PATTERN, default: 'partial' },
    ),
    console: consoleLogger(),
    error: fileLogger('error'),
    warn: fileLogger('warn'),
    info: fileLogger('info'),
    debug: fileLogger('debug'),
    trace: fileLogger('trace'),
    stats: fileLogger('stats'),
  };
}

function bootstrapLogging() {
  return obj('Logging settings of the node.', { ...loggingCommon(), audit: auditLogger() });
}

function legacyLogging() {
  return obj(
    'Logging settings (2.1 and later shape); copied to the startup config by the 3.x upgrade.',
    {
      ...loggingCommon(),
      default: {
        type: 'object',
        deprecated: true,
        description:
          'Removed in 3.0: the pre-2.1 logging block, used by 2.x only as a fallback. 3.x does not know logging.default: the file fails to load (FATAL). Move its settings to logging.console and the file loggers.',
        $comment: 'Left open: 3.x never decodes this object.',
        properties: {
          logFilePath: str('Old log file path.'),
          logKeys: strings('Old console log keys.'),
          logLevel: str('Old log level.'),
          rotation: {
            type: 'object',
            description: 'Old log rotation settings.',
            properties: {
              maxsize: int('Old maximum log size in megabytes.'),
              maxage: int('Old maximum age of rotated logs in days.'),
              maxbackups: int('Old number of rotated logs kept.'),
              localtime: bool('Old local time switch.'),
            },
          },
          redaction_level: str('Old redaction level.'),
        },
      },
    },
  );
}

// ---------------------------------------------------------------------------------------------
// CORS (reference 3.1.2 and 4.2)

function cors(what) {
  return obj(`CORS settings for ${what}.`, {
    origin: strings('Allowed origins; "*" allows any origin.'),
    login_origin: strings('Origins allowed to use the login endpoints (_session, _oidc...).'),
    headers: strings('Request headers allowed in CORS requests.'),
    max_age: int('Seconds a browser may cache the CORS preflight response.', { default: 0 }),
  });
}

// ---------------------------------------------------------------------------------------------
// Database pieces (reference 4.2, 4.2.1, 4.2.2, 4.8, 4.9, 5, 7.1)

function cacheSchema() {
  return obj('Revision cache and channel cache settings.', {
    rev_cache: obj('Revision cache settings.', {
      size: uint32(
        'Maximum number of revisions held in the revision cache. 0 disables the cache in EE; in CE 0 is warned about and reset.',
        { default: 5000 },
      ),
      max_memory_count_mb: uint32(
        'Since 3.3, EE: memory cap of the revision cache in megabytes; 0 means no cap; a non-zero value below 50 fails at load.',
        { default: 0 },
      ),
      shard_count: uint16('Number of shards of the revision cache (at least 1).', { minimum: 1, default: 16 }),
      insert_on_write: bool('Dev line: insert revisions into the cache when documents are written.'),
    }),
    channel_cache: obj('Channel cache settings.', {
      max_number: int('EE: maximum number of channel caches (at least 100); CE warns and resets it.', {
        default: 50000,
      }),
      compact_high_watermark_pct: int(
        'EE: channel cache count (percent of max_number) at which compaction starts (1-100).',
        { default: 80 },
      ),
      compact_low_watermark_pct: int(
        'EE: channel cache count (percent of max_number) at which compaction stops (1-100, below the high mark).',
        { default: 60 },
      ),
      max_wait_pending: uint32('Milliseconds to wait for a pending sequence before skipping it (at least 1).', {
        minimum: 1,
        default: 5000,
      }),
      max_num_pending: int('Number of pending sequences before the oldest is skipped (at least 1).', {
        minimum: 1,
        default: 10000,
      }),
      max_wait_skipped: uint32('Milliseconds to wait for a skipped sequence before abandoning it (at least 1).', {
        minimum: 1,
        default: 3600000,
      }),
      enable_star_channel: deprecated(
        bool(
          'Deprecated: No replacement; the star channel is always enabled, so remove the key. Setting it logs a deprecation warning and false is an error from 4.0.',
          { default: true },
        ),
      ),
      max_length: int('Maximum number of entries cached per channel (at least 1).', { minimum: 1, default: 500 }),
      min_length: int('Minimum number of entries kept per channel (at least 1).', { minimum: 1, default: 50 }),
      expiry_seconds: int('Seconds entries beyond min_length stay cached (at least 1).', {
        minimum: 1,
        default: 60,
      }),
      query_limit: deprecated(
        int('Deprecated: Use the database-level query_pagination_limit instead (the new key wins when both are set and it is not 0).'),
      ),
    }),
    max_wait_pending: deprecated(
      uint32('Deprecated: Use cache.channel_cache.max_wait_pending instead (used only when the new key is unset).'),
    ),
    max_num_pending: deprecated(
      int('Deprecated: Use cache.channel_cache.max_num_pending instead (used only when the new key is unset).'),
    ),
    max_wait_skipped: deprecated(
      uint32('Deprecated: Use cache.channel_cache.max_wait_skipped instead (used only when the new key is unset).'),
    ),
    enable_star_channel: deprecated(
      bool('Deprecated: Use cache.channel_cache.enable_star_channel instead, itself deprecated; remove the key.'),
    ),
    channel_cache_max_length: deprecated(
      int('Deprecated: Use cache.channel_cache.max_length instead (used only when the new key is unset).'),
    ),
    channel_cache_min_length: deprecated(
      int('Deprecated: Use cache.channel_cache.min_length instead (used only when the new key is unset).'),
    ),
    channel_cache_expiry: deprecated(
      int('Deprecated: Use cache.channel_cache.expiry_seconds instead (used only when the new key is unset).'),
    ),
  });
}

function unsupportedDatabase() {
  const enabledObj = (description, enabledDescription) =>
    obj(description, { enabled: bool(enabledDescription) });
  return obj('Unsupported per-database switches for testing and troubleshooting; not supported in production.', {
    user_views: enabledObj('Pass-through view queries on the public API.', 'Allow view queries by users.'),
    oidc_test_provider: enabledObj(
      'The built-in OpenID Connect test provider.',
      'Expose the _oidc_testing endpoints on the public API.',
    ),
    api_endpoints: obj('Extra admin API endpoints.', {
      enable_couchbase_bucket_flush: bool('Allow flushing the Couchbase bucket through the admin API.'),
    }),
    warning_thresholds: obj('Thresholds above which document and user warnings are logged.', {
      xattr_size_bytes: uint32('Sync metadata size in bytes that triggers a warning (104857-1048576).', {
        minimum: 104857,
        maximum: 1048576,
      }),
      channels_per_doc: uint32('Channels per document that trigger a warning (at least 5).', { minimum: 5 }),
      access_and_role_grants_per_doc: uint32('Access and role grants per document that trigger a warning (at least 5).', {
        minimum: 5,
      }),
      channels_per_user: uint32('Channels per user that trigger a warning.'),
      channel_name_size: uint32('Channel name length that triggers a warning.'),
    }),
    disable_clean_skipped_query: deprecated(
      bool('Deprecated: No replacement; the option has no effect, remove it.'),
    ),
    oidc_tls_skip_verify: bool('Skip TLS verification of OpenID Connect providers (self-signed test certificates).'),
    sgr_tls_skip_verify: bool('Skip TLS verification of replication remotes (ISGR).'),
    remote_config_tls_skip_verify: bool(
      'Skip TLS verification when functions (sync, import filter, webhook filter, conflict resolver) are loaded from https URLs.',
    ),
    guest_read_only: bool('Restrict the guest user to read-only document access.'),
    force_api_forbidden_errors: bool('Make the REST API return 403 errors instead of 404 where access is denied.'),
    connected_client: bool('Enable the BLIP connected-client APIs.'),
    use_query_resync_manager: bool('Use the query-based resync manager.'),
    dcp_read_buffer: int('DCP read buffer size.'),
    kv_buffer: int('KV connection pool buffer size.'),
    blip_send_docs_with_channel_removal: bool('Send documents with channel removals when channel filters are used.'),
    reject_writes_with_skipped_sequences: bool('Reject writes while the database has skipped sequences.'),
    same_site_cookie: str('Since 4.1: SameSite attribute of session cookies: Lax, Strict, None or Default.', {
      enum: ['Lax', 'Strict', 'None', 'Default'],
    }),
    resync_partitions: int('Dev line: number of partitions used by resync.'),
  });
}

function eventHandlerDef() {
  return obj('One webhook event handler.', {
    handler: str('Handler type; must be exactly "webhook", anything else stops the database from loading.'),
    url: str('URL the event is POSTed to; required. Basic-auth credentials may be embedded and are masked in logs.'),
    filter: str(
      'Webhook filter function: inline JavaScript, a file path or an http(s) URL. Called as (doc, oldDoc) for document_changed and (stateDoc) for db_state_changed; returns true to post. Empty means post every event.',
    ),
    timeout: uint('HTTP client timeout in seconds; 0 means no timeout.', { default: 60 }),
    options: obj('Handler options; only for document_changed handlers (a db_state_changed handler with options is an error).', {
      winning_rev_only: bool('Fire only for revisions that become the winning revision.', { default: false }),
    }),
  });
}

function eventHandlers() {
  return obj('Webhook event handlers.', {
    max_processes: uint(
      'Maximum number of events processed concurrently (0 means 500); the queue holds three times this many.',
      { default: 500 },
    ),
    wait_for_process: str(
      'Milliseconds, as a STRING holding a base-10 integer (for example "100"), that raising an event waits for room in a full queue before the event is dropped. "0" means do not wait. A JSON number is a decode error.',
      { default: '100' },
    ),
    document_changed: {
      type: 'array',
      items: ref('eventHandler', 'A webhook handler fired for document changes.'),
      description: 'Handlers fired for every saved revision (an array of handler objects).',
    },
    db_state_changed: {
      type: 'array',
      items: ref('eventHandler', 'A webhook handler fired for database state changes.'),
      description: 'Handlers fired when the database goes online or offline (an array of handler objects).',
    },
  });
}

function replicationDef() {
  return obj('An Inter-Sync Gateway Replication (ISGR) definition.', {
    replication_id: str(
      'Replication id, at most 160 characters. Should equal the map key; a different non-empty value is an error in legacy files.',
      { maxLength: 160 },
    ),
    remote: str(
      'Full URL of the remote database, for example "https://sg.example.com:4984/db"; required. May embed user:password@.',
    ),
    direction: str('Direction of the replication; required.', { enum: ['push', 'pull', 'pushAndPull'] }),
    continuous: bool('Keep running after catching up; false is a one-shot replication.', { default: false }),
    filter: str('Replication filter: empty or "sync_gateway/bychannel" (needs query_params).', {
      enum: ['', 'sync_gateway/bychannel'],
    }),
    query_params: {
      anyOf: [{ type: 'object' }, { type: 'array' }],
      description:
        'Parameters of the channel filter: {"channels": [...]}, an array of channel names, or since 3.1 {"collections_channels": {"scope.collection": [...]}}.',
    },
    conflict_resolution_type: str(
      'Conflict resolution policy for pull and pushAndPull: default, localWins, remoteWins or custom. Non-default values are EE only.',
      { enum: ['', 'default', 'localWins', 'remoteWins', 'custom'], default: 'default' },
    ),
    custom_conflict_resolver: str(
      'EE: conflict resolver function (inline JavaScript, file path or URL); required when conflict_resolution_type is custom.',
    ),
    purge_on_removal: bool('Purge documents locally when a pulled revision removes access.', { default: false }),
    enable_delta_sync: bool('EE: use delta sync (delta_sync.enabled must be on at both ends).', { default: false }),
    max_backoff_time: int(
      'Minutes of maximum reconnect backoff. Non-zero: retry forever with that cap. 0 (the value for a config-defined replication that omits the key): give up after about 10 minutes.',
    ),
    initial_state: str('State when first stored: "stopped" creates it stopped; any other value means running.', {
      default: 'running',
    }),
    adhoc: bool('REST only: remove the replication when it stops; true is an error in a config.', {
      default: false,
    }),
    batch_size: int('EE to change: documents per batch (values above 65535 wrap).', { default: 200 }),
    username: deprecated(str('Deprecated: Use remote_username instead (warned about at every start).')),
    password: deprecated(str('Deprecated: Use remote_password instead (warned about at every start).')),
    remote_username: str('Since 3.1: user name for the remote; wins over username/password.'),
    remote_password: str('Since 3.1: password for the remote; ignored without a user name.'),
    run_as: str('Since 3.1: run the replication with the access of this local user.'),
    collections_enabled: bool('Since 3.1: replicate named collections.', { default: false }),
    collections_local: strings('Since 3.1: local collections ("scope.collection") to replicate; default all.'),
    collections_remote: {
      type: 'array',
      items: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      description:
        'Since 3.1: remote collections matching collections_local one for one; null keeps the local name.',
    },
    created_at: str('Since 3.3: creation time, set by Sync Gateway.'),
    updated_at: str('Since 3.3: last update time, set by Sync Gateway.'),
  });
}

function principalDef() {
  const channelsByCollection = obj('Access in one collection.', {
    admin_channels: strings('Channels granted explicitly in this collection.'),
    all_channels: strings('Read-only (reported by the admin API): all channels granted in this collection.'),
    jwt_channels: strings('Read-only: channels granted through channels_claim in this collection.'),
    jwt_last_updated: str('Read-only: time the JWT channels were last updated.'),
  });
  return obj('A user or role defined in the config (reference 4.9).', {
    name: str('Name of the principal; the map key is used when absent.'),
    admin_channels: strings('Channels granted explicitly (default collection).'),
    admin_roles: strings('Roles granted explicitly (users only).'),
    email: str('Email address (users only).'),
    disabled: bool('Disable the account (users only).', { default: false }),
    password: str(
      'Password (users only); at least 3 characters unless allow_empty_password is true. The guest must not have one.',
    ),
    collection_access: {
      type: 'object',
      description: 'Since 3.1: channel grants per scope and collection.',
      additionalProperties: {
        type: 'object',
        description: 'Collections of one scope.',
        additionalProperties: channelsByCollection,
      },
    },
    all_channels: strings('Read-only (reported by the admin API): all channels of the principal.'),
    roles: strings('Read-only (reported by the admin API): all roles of the user.'),
    jwt_issuer: str('Read-only: issuer of the last JWT used to sign in.'),
    jwt_roles: strings('Read-only: roles granted through roles_claim.'),
    jwt_channels: strings('Read-only: channels granted through channels_claim.'),
    jwt_last_updated: str('Read-only: time the JWT roles and channels were last updated.'),
  });
}

function jwtCommonProperties() {
  return {
    issuer: str('Issuer URL (the "iss" claim); required.'),
    register: bool('Create a Sync Gateway user on first sign-in.', { default: false }),
    client_id: str('Client id, matched against the "aud" claim; required (an empty string disables the audience check for local JWT).'),
    user_prefix: str('Prefix of user names created for this provider; defaults to one derived from the issuer.'),
    disable_session: bool('Do not create a Sync Gateway session on successful authentication.', {
      default: false,
    }),
    username_claim: str('Claim used as the user name instead of the subject; must be a string claim.'),
    roles_claim: str('Since 3.1: claim (string or array) whose values are added as roles.'),
    channels_claim: str('Since 3.1: claim (string or array) whose values are added as channels.'),
  };
}

function oidcProviderDef() {
  return obj('An OpenID Connect provider.', {
    ...jwtCommonProperties(),
    validation_key: str('Client secret, needed for the authorization-code flow.'),
    callback_url: str('Sync Gateway callback URL; built from the request when absent.'),
    scope: strings('Scopes requested from the provider; default ["openid", "email"].'),
    include_access: bool('Include the provider access token in the _oidc_callback response.', {
      default: false,
    }),
    discovery_url: str('Non-standard discovery endpoint.'),
    disable_cfg_validation: bool('Skip spec validation of the provider configuration.', { default: false }),
    disable_callback_state: bool(
      'Do not keep state between _oidc and _oidc_callback (exposes the flow to CSRF; not recommended).',
      { default: false },
    ),
    allow_unsigned_provider_tokens: bool('Accept unsigned tokens from the provider.', { default: false }),
  });
}

function localJwtProviderDef() {
  return obj('Since 3.1: a local JWT provider (tokens verified with configured keys).', {
    ...jwtCommonProperties(),
    algorithms: strings('Accepted signing algorithms (for example RS256, ES256); must not be empty.'),
    keys: {
      type: 'array',
      description: 'Public JSON Web Keys; each needs "alg", and "kid" when there is more than one. Exclusive with jwks_uri.',
      items: { type: 'object', description: 'A public JSON Web Key (RFC 7517).' },
    },
    jwks_uri: str('URL of a JSON Web Key Set; exclusive with keys.'),
    skip_expiry_check: bool('Accept expired tokens.', { default: false }),
  });
}

function functionsSchema() {
  return obj(
    'Since 3.1: user-defined functions callable by clients; ignored (with a warning) unless the startup config sets unsupported.user_queries.',
    {
      definitions: {
        type: 'object',
        description: 'Function definitions by name.',
        additionalProperties: obj('One function.', {
          type: str('Function kind: "javascript" or "query" (N1QL).'),
          code: str('Function source (JavaScript) or N1QL query text.'),
          args: strings('Names of the arguments.'),
          mutating: bool('The function may modify documents.', { default: false }),
          allow: obj('Who may call the function.', {
            channels: strings('Channels whose members may call it.'),
            roles: strings('Roles that may call it.'),
            users: strings('Users that may call it.'),
          }),
        }),
      },
      max_function_count: int('Maximum number of functions.'),
      max_code_size: int('Maximum size of a function body in bytes.'),
      max_request_size: int('Maximum size of a function request in bytes.'),
    },
  );
}

function auditPrincipals(what) {
  return {
    type: 'array',
    description: `${what} excluded from audit logging.`,
    items: obj('A principal: its name and domain.', {
      domain: str('Domain of the principal: "cbs" (Couchbase Server) or "sgw" (Sync Gateway).'),
      name: str('Name of the principal.'),
    }),
  };
}

function databaseLogging() {
  return obj('Since 3.2: per-database logging overrides.', {
    console: obj('Console logging overrides for this database.', {
      log_level: str('Console log level for this database (exact lower case).', { enum: CONSOLE_LOG_LEVELS }),
      log_keys: strings('Console log keys for this database.'),
    }),
    audit: obj('EE: audit logging of this database.', {
      enabled: bool('Audit this database (EE; CE warns and removes it).'),
      enabled_events: {
        type: 'array',
        items: { type: 'integer', minimum: 0 },
        description: 'Audit event ids to record; unknown or global-only ids are errors.',
      },
      disabled_users: auditPrincipals('Users'),
      disabled_roles: auditPrincipals('Roles'),
    }),
  });
}

function scopesSchema() {
  return {
    type: 'object',
    description:
      'Since 3.1: the scope and collections of the database. Exactly one scope; database-level sync and import_filter are not allowed with scopes.',
    additionalProperties: ref('scope', 'A scope of the bucket.'),
  };
}

const scopeDef = () =>
  obj('A scope and its collections.', {
    collections: {
      type: 'object',
      description: 'Collections of the scope; at least one.',
      additionalProperties: ref('collection', 'A collection and its functions.'),
    },
  });

const collectionDef = () =>
  obj('Functions of one collection; an empty object is valid.', {
    sync: str(
      'Sync function of this collection (always inline JavaScript). Default: every document goes to a channel named after the collection.',
    ),
    import_filter: str('Import filter of this collection (always inline JavaScript).'),
  });

/**
 * Fields that exist in both the persisted and the legacy database config.
 * `bucketFields` decides how server and credentials appear.
 */
function databaseProperties(mode) {
  const legacy = mode === 'legacy';
  const bucketFields = legacy
    ? {
        server: str(
          'Couchbase Server address (couchbases://..., couchbase://..., http://host:8091, or walrus: for the in-memory store). Credentials in the URL are moved to username/password. In 3.x legacy mode, at least one database must set it.',
        ),
        username: str('Bucket user name (RBAC user).'),
        password: str('Password of the bucket user.'),
        certpath: str('X.509 client certificate for bucket authentication; used only together with keypath.'),
        keypath: str('Private key of the X.509 client certificate; used only together with certpath.'),
        cacertpath: str("CA certificate for the server's TLS certificate."),
        users: mapOf('Users created at startup, by name; "GUEST" (exact upper case) is the guest account.', 'principal', 'A user.'),
        roles: mapOf('Roles created at startup, by name.', 'principal', 'A role.'),
      }
    : {
        server: forbidden('set the Couchbase Server address in the startup config (bootstrap.server).'),
        username: forbidden(
          'set bucket credentials in the startup config (bootstrap.username, database_credentials or bucket_credentials).',
        ),
        password: forbidden(
          'set bucket credentials in the startup config (bootstrap.password, database_credentials or bucket_credentials).',
        ),
        certpath: forbidden(
          'set the X.509 client certificate in the startup config (bootstrap.x509_cert_path or database_credentials).',
        ),
        keypath: forbidden(
          'set the X.509 client key in the startup config (bootstrap.x509_key_path or database_credentials).',
        ),
        cacertpath: forbidden('set the CA certificate in the startup config (bootstrap.ca_cert_path).'),
        users: forbidden('create users with the admin REST API (PUT /{db}/_user/{name}).'),
        roles: forbidden('create roles with the admin REST API (PUT /{db}/_role/{name}).'),
      };

  return {
    name: str('Database name; must equal the map key or URL path segment.', { pattern: DATABASE_NAME_PATTERN }),
    bucket: str('Bucket name; defaults to the database name.'),
    ...bucketFields,
    pool: deprecated(str('Deprecated: No replacement; the pool is always "default", remove the key.')),
    kv_tls_port: deprecated(int('Deprecated: No replacement; the option has no effect, remove it.')),
    max_concurrent_query_ops: int('Maximum number of concurrent N1QL query operations.', { default: 1000 }),
    sync: str(
      'Sync function (JavaScript function expression). In persistent mode it must be inline source; file paths and URLs work only in legacy files. Not allowed together with scopes.',
    ),
    import_filter: str('Import filter function (JavaScript). Not allowed together with scopes.'),
    scopes: scopesSchema(),
    guest: ref('principal', 'Since 3.0: the guest (anonymous) user; must not have a password.'),
    revs_limit: uint32('Revision tree depth: at least 20 when conflicts are allowed, otherwise above 0. Default 50 without conflicts, 100 with.'),
    import_docs: {
      enum: [true, false, 'continuous'],
      description:
        'Import documents written directly to the bucket: true or false ("continuous" is a deprecated alias of true). Needs shared bucket access. Default EE true, CE false.',
    },
    import_partitions: uint16('EE: number of import partitions (1-1024).', { minimum: 1, maximum: 1024, default: 16 }),
    import_backup_old_rev: bool('Keep a temporary copy of the previous body on import.', { default: false }),
    event_handlers: ref('eventHandlers', 'Webhooks fired on document and database state changes.'),
    feed_type: str('Old feed type ("DCP" or "TAP"); feeds are always DCP and the value is ignored.'),
    allow_empty_password: bool('Allow users without a password.', { default: false }),
    cache: ref('cache', 'Revision and channel cache settings.'),
    rev_cache_size: deprecated(uint32('Deprecated: Use cache.rev_cache.size instead.')),
    offline: bool('Start the database offline.', { default: false }),
    unsupported: ref('unsupportedDatabase', 'Unsupported per-database switches.'),
    oidc: obj('OpenID Connect authentication.', {
      providers: mapOf(
        'OpenID Connect providers by name (names must not contain "_").',
        'oidcProvider',
        'An OpenID Connect provider.',
      ),
      default_provider: str('Provider used when the client does not name one.'),
    }),
    local_jwt: mapOf('Since 3.1: local JWT providers by name.', 'localJwtProvider', 'A local JWT provider.'),
    old_rev_expiry_seconds: uint32('Seconds old revision bodies are kept for replication.', { default: 300 }),
    view_query_timeout_secs: uint32('View query timeout in seconds.', { default: 75 }),
    local_doc_expiry_secs: uint32('Expiry of _local documents in seconds.', { default: 7776000 }),
    enable_shared_bucket_access: bool(
      'Keep sync metadata in extended attributes so other SDK clients can share the bucket. Default true for new 3.x configs, false for upgraded 2.x ones (and in 2.x); false fails to load from 4.0.',
      { default: !legacy },
    ),
    session_cookie_secure: bool('Secure attribute of the session cookie; default true when api.https.tls_cert_path is set.'),
    session_cookie_name: str('Name of the session cookie.', { default: 'SyncGatewaySession' }),
    session_cookie_http_only: bool('HttpOnly attribute of the session cookie.', { default: false }),
    allow_conflicts: bool(
      'Allow conflicting revisions. Default true up to 3.2, false from 3.3; true is warned about in 3.x and rejected from 4.0.',
    ),
    num_index_replicas: deprecated(
      uint('Deprecated: Use index.num_replicas instead (since 3.3; both set is an error).', { default: 1 }),
    ),
    index: obj('Since 3.3: GSI index settings.', {
      num_replicas: uint('Number of GSI index replicas.', { default: 1 }),
      num_partitions: uint32('Number of partitions of the channels and all-docs indexes (at least 1).', {
        minimum: 1,
        default: 1,
      }),
    }),
    use_views: bool('Use map/reduce views instead of GSI.', { default: false }),
    send_www_authenticate_header: bool('Send WWW-Authenticate in 401 responses.', { default: true }),
    disable_password_auth: bool('Since 3.1: disable user name/password authentication.', { default: false }),
    bucket_op_timeout_ms: uint32('KV operation timeout in milliseconds; default the client default (10 s).'),
    slow_query_warning_threshold: uint32('Since 3.0: log N1QL queries slower than this many milliseconds.', {
      default: 500,
    }),
    delta_sync: obj('EE: delta sync.', {
      enabled: bool('Enable delta sync (EE; CE warns and removes it).', { default: false }),
      rev_max_age_seconds: uint32('Seconds deltas of old revisions are available (0 or at least old_rev_expiry_seconds).', {
        default: 86400,
      }),
    }),
    store_legacy_revtree_data: bool('Since 4.0: store revision tree data for older clients using revtree ids.'),
    compact_interval_days: num('Days between tombstone compactions: 0 disables, otherwise 0.04-60.', { default: 1 }),
    sgreplicate_enabled: bool('This node may run ISGR replications.', { default: true }),
    sgreplicate_websocket_heartbeat_secs: int('WebSocket ping interval of active replicators in seconds; 0 or less sends no pings (go-blip pings only when the interval is above 0).', {
      default: 300,
    }),
    replications: mapOf(
      'Inter-Sync Gateway Replications, keyed by replication id.',
      'replication',
      'A replication; its replication_id should equal the key.',
    ),
    serve_insecure_attachment_types: bool('Serve attachments of any content type inline.', { default: false }),
    query_pagination_limit: int('Since 3.0: page size of large queries (at least 2; 0 means 5000).', {
      default: 5000,
    }),
    user_xattr_key: str('Since 3.0, EE: user extended attribute passed to the sync function as meta.xattrs; 3.3 and later refuse one of more than 15 bytes (database/user-xattr-key).'),
    client_partition_window_secs: int('Since 3.0: seconds a client may stay offline without losing replication metadata.', {
      default: 2592000,
    }),
    javascript_timeout_secs: uint32('Since 3.1: time limit of JavaScript functions in seconds; 0 means no limit.', {
      default: 0,
    }),
    functions: functionsSchema(),
    suspendable: bool('Since 3.1: the database may be suspended (serverless mode).', { default: false }),
    changes_request_plus: bool('Since 3.2: default of request_plus for one-shot changes requests.', {
      default: false,
    }),
    cors: cors('this database (since 3.0.7 and 3.1.1; replaces the node api.cors)'),
    logging: databaseLogging(),
    created_at: str('Since 3.3: creation time, set by Sync Gateway.'),
    updated_at: str('Since 3.3: last update time, set by Sync Gateway.'),
    disable_public_all_docs: bool('Since 3.3: disable _all_docs on the public API (false logs a deprecation warning).', {
      default: false,
    }),
    use_system_metadata_collection: bool('Since 4.1: store metadata in the _system._mobile collection; cannot be switched off.', {
      default: false,
    }),
  };
}

/** Per-database keys a 2.x gateway knew but 3.x rejects (reference 2.3, 2.5, 2.6). */
function removedLegacyDatabaseProperties() {
  const bucketish = (description) => ({
    type: 'object',
    deprecated: true,
    description,
    $comment: 'Left open: 3.x never decodes this object.',
    properties: {
      server: str('Couchbase Server address.'),
      bucket: str('Bucket name.'),
      username: str('Bucket user name.'),
      password: str('Bucket password.'),
    },
  });
  return {
    deprecated: {
      type: 'object',
      deprecated: true,
      description:
        'Removed in 3.0: the 2.1-2.8 "deprecated" section (held shadow until 2.6, empty afterwards). 3.x rejects the key (FATAL); remove it.',
      $comment: 'Left open: 3.x never decodes this object.',
      properties: {
        shadow: bucketish('Removed in 3.0: bucket shadowing (2.1-2.6 location). Bucket shadowing no longer exists; remove it.'),
      },
    },
    shadow: bucketish(
      'Removed in 3.0: bucket shadowing was removed in 2.7. 3.x rejects the key (FATAL); remove it and import documents with enable_shared_bucket_access and import_docs instead.',
    ),
    channel_index: bucketish(
      'Removed in 3.0: Sync Gateway Accelerator channel index (until 2.6). 3.x rejects the key (FATAL); remove it.',
    ),
  };
}

function credentialsDef() {
  return obj('Bucket credentials: a user name and password, or an X.509 client certificate (which wins).', {
    username: str('RBAC user name.'),
    password: str('Password of the user.'),
    x509_cert_path: str('X.509 client certificate; used only together with x509_key_path.'),
    x509_key_path: str('Private key of the X.509 client certificate.'),
  });
}

function databaseDefs() {
  return {
    principal: principalDef(),
    replication: replicationDef(),
    eventHandler: eventHandlerDef(),
    eventHandlers: eventHandlers(),
    cache: cacheSchema(),
    unsupportedDatabase: unsupportedDatabase(),
    oidcProvider: oidcProviderDef(),
    localJwtProvider: localJwtProviderDef(),
    scope: scopeDef(),
    collection: collectionDef(),
  };
}

// ---------------------------------------------------------------------------------------------
// The three documents

function header(kind, title, description) {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${SCHEMA_BASE_URL}${kind}.schema.json`,
    title,
    description,
  };
}

export function buildDatabaseSchema() {
  return {
    ...header(
      'database',
      'Sync Gateway database config (3.x persistent)',
      'One database config as sent to PUT /{db}/ or /{db}/_config on the admin API of Sync Gateway 3.x and later.',
    ),
    type: 'object',
    additionalProperties: false,
    properties: databaseProperties('persisted'),
    $defs: databaseDefs(),
  };
}

export function buildBootstrapSchema() {
  return {
    ...header(
      'bootstrap',
      'Sync Gateway startup (bootstrap) config',
      'The node startup config of Sync Gateway 3.x and later; databases are managed through the admin API.',
    ),
    type: 'object',
    additionalProperties: false,
    properties: {
      bootstrap: obj('Connection to Couchbase Server and config polling.', {
        server: str(
          'Couchbase Server connection string; required. couchbases://... expected; walrus:, rosmar: (3.2+), file paths and file: denote the embedded test store.',
        ),
        username: str('RBAC user for bootstrap and, by default, for every database.'),
        password: str('Password of that user.'),
        ca_cert_path: str("CA certificate for the server's TLS certificate; empty uses the system trust store."),
        server_tls_skip_verify: bool('Do not verify the server certificate (not with ca_cert_path).', {
          default: false,
        }),
        x509_cert_path: str('X.509 client certificate; used only with x509_key_path, then username/password are ignored.'),
        x509_key_path: str('Private key of the X.509 client certificate.'),
        use_tls_server: bool('Require a TLS (couchbases:) server address.', { default: true }),
        group_id: str('Config group: nodes with the same group share database configs (EE only to change); at most 100 characters.', {
          maxLength: 100,
          default: 'default',
        }),
        config_update_frequency: duration(
          'How often database configs are re-read from the buckets; "0s" disables polling in 3.x, a value <= 0 is an error from 4.1.',
          { default: '10s' },
        ),
        node_heartbeat_expiry: duration('Since 4.1: node heartbeat expiry; at least twice config_update_frequency.', {
          default: '60s',
        }),
        use_system_metadata_collection: bool('Since 4.1: store metadata in the _system._mobile collection.', {
          default: false,
        }),
      }),
      api: obj('REST API listeners.', {
        public_interface: str('Public REST API listen address.', { default: ':4984' }),
        admin_interface: str('Admin REST API listen address.', { default: '127.0.0.1:4985' }),
        metrics_interface: str('Metrics REST API listen address.', { default: '127.0.0.1:4986' }),
        profile_interface: str('Go profiling listen address; empty means off.'),
        admin_interface_authentication: bool('The admin API requires credentials.', { default: true }),
        metrics_interface_authentication: bool('The metrics API requires credentials.', { default: true }),
        enable_advanced_auth_dp: bool('Admin API RBAC permission checks (EE only; true in CE is an error). Default true in EE, false in CE.'),
        server_read_timeout: duration('HTTP read timeout.'),
        server_write_timeout: duration('HTTP write timeout.'),
        read_header_timeout: duration('HTTP header read timeout.', { default: '5s' }),
        idle_timeout: duration('Keep-alive idle timeout.', { default: '90s' }),
        pretty: deprecated(bool('Deprecated: No replacement; pretty-printed responses will go away, remove the key.', { default: false })),
        max_connections: uint('Maximum number of incoming connections; 0 means unlimited.', { default: 0 }),
        compress_responses: bool('Compress HTTP responses.', { default: true }),
        hide_product_version: bool('Hide the version in the Server header and public responses.', { default: false }),
        https: obj('TLS for every REST listener.', {
          tls_minimum_version: str(
            'Minimum TLS version: tlsv1, tlsv1.1, tlsv1.2 or tlsv1.3; any other string is silently treated as tlsv1.2.',
            { default: 'tlsv1.2', examples: ['tlsv1.2', 'tlsv1.3'] },
          ),
          tls_cert_path: str('PEM certificate for the REST listeners; set together with tls_key_path.'),
          tls_key_path: str('PEM private key for the REST listeners; set together with tls_cert_path.'),
        }),
        cors: cors('the public API'),
      }),
      logging: bootstrapLogging(),
      auth: obj('Authentication settings.', {
        bcrypt_cost: int('bcrypt cost of password hashes: 0 means the default 10, otherwise 10-31.', { default: 10 }),
      }),
      replicator: obj('Replication (BLIP) settings.', {
        max_heartbeat: duration('Upper bound of the _changes heartbeat.'),
        blip_compression: int('BLIP compression level (0-9 is meaningful; not range-checked by Sync Gateway).'),
        max_concurrent_replications: int('Since 3.2: maximum number of concurrent replications; 0 means unlimited.', {
          default: 0,
        }),
        max_concurrent_changes_batches: int('Since 3.2: concurrent changes batches per replication (1-5).', {
          minimum: 1,
          maximum: 5,
          default: 2,
        }),
        max_concurrent_revs: int('Since 3.2: concurrent revisions per replication (5-200).', {
          minimum: 5,
          maximum: 200,
          default: 5,
        }),
      }),
      unsupported: obj('Unsupported node switches; not supported in production.', {
        stats_log_frequency: duration('How often stats are written to the stats log.', { default: '1m' }),
        use_stdlib_json: bool("Use Go's standard JSON library.", { default: false }),
        http2: obj('HTTP/2 support.', { enabled: bool('Enable HTTP/2.', { default: false }) }),
        serverless: obj('3.1-4.1 only: serverless mode.', {
          enabled: bool('Enable serverless mode (needs bucket_credentials).', { default: false }),
          min_config_fetch_interval: duration('How long fetched configs are cached.', { default: '1s' }),
        }),
        user_queries: bool('Since 3.1: enable database functions.', { default: false }),
        use_xattr_config: bool('Since 3.1: store database configs in system extended attributes.', { default: false }),
        allow_dbconfig_env_vars: bool('Since 3.2: expand environment variables in database configs.', { default: true }),
        diagnostic_interface: str('Since 3.2: diagnostic API listen address; empty means off.'),
        effective_user_header_name: str('Since 3.2: header naming the effective user for audit logging.'),
        audit_info_provider: obj('Since 3.2: sources of extra audit fields.', {
          global_info_env_var_name: str('Environment variable holding a JSON object of global audit fields (must be valid JSON).'),
          request_info_header_name: str('Request header holding per-request audit fields.'),
        }),
        rosmar_bucket_management: bool('Since 4.1: bucket management for the rosmar test store.', { default: false }),
        use_gocb_fast_fail_retry: bool('Since 4.1: fast-fail retry strategy of the Couchbase SDK.', { default: false }),
      }),
      database_credentials: {
        type: 'object',
        description: 'Bucket credentials per database name, overriding bucket_credentials and the bootstrap identity.',
        propertyNames: { pattern: DATABASE_NAME_PATTERN },
        additionalProperties: ref('credentials', 'Credentials of one database.'),
      },
      bucket_credentials: mapOf('Since 3.1: bucket credentials per bucket name.', 'credentials', 'Credentials of one bucket.'),
      max_file_descriptors: uint('Target for the open file limit (RLIMIT_NOFILE).', { default: 5000 }),
      couchbase_keepalive_interval: int('TCP keepalive interval to Couchbase Server.'),
      heap_profile_collection_threshold: uint(
        'Since 3.2: heap size in bytes at which a heap profile is collected; default 85% of the smaller of cgroup and system memory.',
      ),
      heap_profile_disable_collection: bool('Since 3.2: never collect heap profiles automatically.', { default: false }),
    },
    $defs: { credentials: credentialsDef() },
  };
}

function firstGenerationReplication() {
  return obj('A first-generation (sg-replicate 1) replication.', {
    replication_id: str('Identifier of the replication.'),
    source: str('Source: a database URL (http://host:4985/db) or a bare local database name.'),
    target: str('Target: a database URL or a bare local database name.'),
    continuous: bool('Continuous instead of one-shot.'),
    filter: str('Empty or "sync_gateway/bychannel".'),
    query_params: { anyOf: [{ type: 'object' }, { type: 'array' }], description: 'Channel filter parameters: {"channels": [...]} or an array of channel names.' },
    changes_feed_limit: int('Batch size of the changes feed (default 50).'),
    async: bool('Run asynchronously (forced for config replications).'),
    cancel: bool('REST only; rejected in a config.'),
    create_target: bool('Not supported; true is rejected.'),
    doc_ids: strings('Not supported; a non-empty list is rejected.'),
    proxy: str('Not supported; a non-empty value is rejected.'),
  });
}

export function buildLegacySchema() {
  const ignored = (schema, text) => deprecated({ ...schema, description: `Ignored by 3.x: ${text}` });
  const removed = (schema, text) => deprecated({ ...schema, description: `Removed in 3.0: ${text}` });
  return {
    ...header(
      'legacy',
      'Sync Gateway legacy (pre-3.0) server config',
      'The 2.x-style server config with a databases map, as read by 2.x and by 3.x (automatic upgrade or legacy mode).',
    ),
    type: 'object',
    additionalProperties: false,
    properties: {
      interface: str('Public REST API listen address; becomes api.public_interface.', { default: ':4984' }),
      adminInterface: str('Admin REST API listen address; becomes api.admin_interface.', { default: '127.0.0.1:4985' }),
      metricsInterface: str('Since 2.8: metrics listen address; becomes api.metrics_interface.', {
        default: '127.0.0.1:4986',
      }),
      profileInterface: str('Go profiling listen address; becomes api.profile_interface.'),
      SSLCert: str('PEM certificate for the REST listeners; becomes api.https.tls_cert_path.'),
      SSLKey: str('PEM private key for the REST listeners; becomes api.https.tls_key_path.'),
      tls_minimum_version: str('Since 2.6: minimum TLS version (tlsv1, tlsv1.1, tlsv1.2, tlsv1.3); becomes api.https.tls_minimum_version.', {
        examples: ['tlsv1.2', 'tlsv1.3'],
      }),
      ServerReadTimeout: int('HTTP read timeout in seconds; becomes api.server_read_timeout.'),
      ServerWriteTimeout: int('HTTP write timeout in seconds; becomes api.server_write_timeout.'),
      ReadHeaderTimeout: int('Since 2.8: HTTP header read timeout in seconds; becomes api.read_header_timeout.'),
      IdleTimeout: int('Since 2.8: keep-alive idle timeout in seconds; becomes api.idle_timeout.'),
      maxIncomingConnections: int('Maximum incoming connections, 0 = unlimited; becomes api.max_connections (a negative value wraps).', {
        default: 0,
      }),
      compressResponses: bool('Compress HTTP responses; becomes api.compress_responses.', { default: true }),
      pretty: bool('Pretty-print JSON responses; becomes api.pretty when true.', { default: false }),
      hide_product_version: bool('Since 2.8.1: hide the product version; becomes api.hide_product_version when true.', {
        default: false,
      }),
      CORS: obj('CORS for the public API; becomes api.cors.', {
        Origin: strings('Allowed origins; "*" allows any origin. Becomes api.cors.origin.'),
        LoginOrigin: strings('Origins allowed to use the login endpoints. Becomes api.cors.login_origin.'),
        Headers: strings('Allowed request headers. Becomes api.cors.headers.'),
        MaxAge: int('Seconds a browser may cache the preflight response. Becomes api.cors.max_age.'),
      }),
      logging: legacyLogging(),
      couchbaseKeepaliveInterval: int('TCP keepalive interval to Couchbase Server; becomes couchbase_keepalive_interval.'),
      slowQueryWarningThreshold: int(
        'Since 2.1: log N1QL queries slower than this many milliseconds; the upgrade copies it into every database, overwriting per-database values.',
      ),
      maxFileDescriptors: uint('Target for the open file limit; becomes max_file_descriptors.', { default: 5000 }),
      maxHeartbeat: uint('Upper bound of the _changes heartbeat in seconds; becomes replicator.max_heartbeat.'),
      replicator_compression: int('Since 2.0: BLIP compression level 0-9; becomes replicator.blip_compression.'),
      bcrypt_cost: int('Since 2.5: bcrypt cost of password hashes; 0 means the default 10. Becomes auth.bcrypt_cost.'),
      unsupported: obj('Unsupported node switches.', {
        http2: obj('HTTP/2 support.', { enabled: bool('Enable HTTP/2.') }),
        stats_log_freq_secs: uint('Seconds between stats log entries: 0 disables, otherwise at least 10. Becomes unsupported.stats_log_frequency.'),
        use_stdlib_json: bool("Use Go's standard JSON library."),
      }),
      databases: {
        type: 'object',
        description: 'The databases of this node, by name.',
        propertyNames: { pattern: DATABASE_NAME_PATTERN },
        additionalProperties: ref('database', 'A database config.'),
      },
      use_tls_server: bool('Since 3.0: require a TLS (couchbases:) server address; becomes bootstrap.use_tls_server.', {
        default: true,
      }),
      server_tls_skip_verify: bool('Since 3.0: skip verification of the server certificate; becomes bootstrap.server_tls_skip_verify.', {
        default: false,
      }),
      disable_persistent_config: bool('Since 3.0: run this file in legacy mode instead of upgrading it.', { default: false }),
      admin_interface_authentication: bool('Since 3.0: the admin API requires credentials.', { default: true }),
      metrics_interface_authentication: bool('Since 3.0: the metrics API requires credentials.', { default: true }),
      enable_advanced_auth_dp: bool('Since 3.0: admin API RBAC permission checks (EE).'),
      config_upgrade_group_id: str('Since 3.0, EE: config group used by the upgrade; becomes bootstrap.group_id.'),
      // 2.x keys 3.x ignores or rejects (reference 2.1, 2.6)
      adminUI: ignored(str(''), 'path of a custom admin web page; accepted and ignored. Remove it.'),
      configServer: ignored(str(''), 'URL of a config server (2.x dynamic databases); accepted and ignored. Remove it.'),
      deploymentID: ignored(str(''), 'customer id for stats reporting; accepted and ignored. Remove it.'),
      statsReportInterval: ignored(num(''), 'stats reporting interval; accepted and ignored. Remove it.'),
      log: ignored(strings(''), 'old console log keys; accepted and ignored. Use logging.console.log_keys.'),
      logFilePath: ignored(str(''), 'old log file path; accepted and ignored. Use logging.log_file_path.'),
      cluster_config: ignored(
        obj('', {
          server: str('Couchbase Server address.'),
          pool: str('Pool name.'),
          bucket: str('Bucket name.'),
          username: str('Bucket user name.'),
          password: str('Bucket password.'),
          certpath: str('X.509 client certificate.'),
          keypath: str('X.509 client key.'),
          cacertpath: str('CA certificate.'),
          kv_tls_port: int('Memcached TLS port.'),
          max_concurrent_query_ops: int('Maximum concurrent queries.'),
          data_dir: str('CBGT data directory.'),
          heartbeat_interval_seconds: uint16('CBGT heartbeat interval in seconds.'),
        }),
        'old CBGT cluster settings; accepted and ignored. Remove it.',
      ),
      facebook: removed(
        obj('', { register: bool('Create users on first Facebook login.') }),
        'Facebook login is honoured in a running 3.x legacy-mode process but dropped when the file is upgraded to a persistent config. Use OpenID Connect (oidc) instead.',
      ),
      google: removed(
        obj('', {
          register: bool('Create users on first Google login.'),
          app_client_id: strings('Accepted Google client ids.'),
        }),
        'Google login is honoured in a running 3.x legacy-mode process but dropped when the file is upgraded to a persistent config. Use OpenID Connect (oidc) instead.',
      ),
      replications: removed(
        { type: 'array', items: ref('firstGenerationReplication', 'A first-generation replication.') },
        'first-generation sg-replicate (deprecated in 2.8). Any value, even [], makes 3.x refuse to start (FATAL); define Inter-Sync Gateway Replications under databases.<name>.replications instead.',
      ),
      maxCouchbaseConnections: removed(int(''), 'old connection pool size (until 2.6); 3.x rejects the key (FATAL). Remove it.'),
      slowServerCallWarningThreshold: removed(int(''), '1.x/2.0 name of slowQueryWarningThreshold; 3.x rejects the key (FATAL). Rename it to slowQueryWarningThreshold.'),
      maxCouchbaseOverflow: removed(int(''), 'old connection pool overflow (until 2.6); 3.x rejects the key (FATAL). Remove it.'),
      skip_runmode_validation: removed(bool(''), 'Sync Gateway Accelerator run mode check (until 2.6); 3.x rejects the key (FATAL). Remove it.'),
      runmode: removed(str(''), 'Sync Gateway Accelerator run mode (until 2.6); 3.x rejects the key (FATAL). Remove it.'),
    },
    $defs: {
      database: {
        type: 'object',
        description:
          'A legacy database config: the whole 3.x database field set plus the bucket connection and credential fields and the users and roles maps.',
        additionalProperties: false,
        properties: { ...databaseProperties('legacy'), ...removedLegacyDatabaseProperties() },
      },
      ...databaseDefs(),
      firstGenerationReplication: firstGenerationReplication(),
    },
  };
}

export function buildSchemas() {
  return {
    legacy: buildLegacySchema(),
    bootstrap: buildBootstrapSchema(),
    database: buildDatabaseSchema(),
  };
}

/** The exact text of a committed schema file. */
export function serializeSchema(schema) {
  return JSON.stringify(schema, null, 2) + '\n';
}

export function schemaFilePath(repoRoot, kind) {
  return path.join(repoRoot, 'schemas', `${kind}.schema.json`);
}

function main() {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const check = process.argv.includes('--check');
  const schemas = buildSchemas();
  let stale = false;
  for (const kind of KINDS) {
    const file = schemaFilePath(repoRoot, kind);
    const text = serializeSchema(schemas[kind]);
    if (check) {
      let current = '';
      try {
        current = readFileSync(file, 'utf8');
      } catch {
        // missing file counts as stale
      }
      if (current !== text) {
        stale = true;
        process.stderr.write(`${path.relative(repoRoot, file)} is out of date; run node scripts/schemas/generate.mjs\n`);
      }
    } else {
      writeFileSync(file, text);
      process.stdout.write(`wrote ${path.relative(repoRoot, file)}\n`);
    }
  }
  if (stale) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
