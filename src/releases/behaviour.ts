// How each gateway release treats the constructs that rules look at. Data only: one entry per
// construct, each change with its source (file and release tag of couchbase/sync_gateway).
// Where a behaviour changed in a patch release, the line takes the newest patch's behaviour.
import type { BehaviourFact } from './index.js';

const facts = [
  {
    id: 'allow-conflicts-true',
    construct: 'a database with allow_conflicts true',
    changes: [
      { from: '3.1', treatment: 'warns', source: 'rest/server_context.go@3.1.0 (3.0.0 has no such notice) ("Deprecation notice: setting database configuration option \\"allow_conflicts\\" to true is due to be removed")' },
      { from: '4.0', treatment: 'refuses', source: 'rest/config.go@4.0.0 validate(): "allow_conflicts cannot be set to true"' },
    ],
  },
  {
    id: 'star-channel-disabled',
    construct: 'cache.channel_cache.enable_star_channel false',
    changes: [
      { from: '4.0', treatment: 'refuses', source: 'rest/config.go@4.0.7 validate(): "enable_star_channel cannot be set to false"' },
    ],
  },
  {
    id: 'shared-bucket-access-off',
    construct: 'a database without shared bucket access (enable_shared_bucket_access false, or a legacy database that leaves it unset)',
    changes: [
      // 2.8.4 has no such notice; 3.x loads the database with a deprecation warning.
      { from: '3.0', treatment: 'warns', source: 'rest/server_context.go@3.0.8.1 ("Running Sync Gateway without shared bucket access is deprecated")' },
      // A legacy database without the key is written with false by the automatic upgrade (rest/config_legacy.go@4.0.7).
      { from: '4.0', treatment: 'refuses', source: 'rest/server_context.go@4.0.7 ("sync gateway requires enable_shared_bucket_access=true")' },
    ],
  },
  {
    id: 'sg-replicate-1',
    construct: 'root-level "replications" of a legacy config (sg-replicate 1)',
    changes: [
      { from: '3.0', treatment: 'refuses', source: 'rest/config_legacy.go@3.0.8.1 readLegacyServerConfig(): "cannot use SG replicate as it has been removed"' },
    ],
  },
  {
    id: 'server-without-tls',
    construct: 'a Couchbase Server address without TLS while use_tls_server keeps its default',
    changes: [
      // 2.8 connects to couchbase:// and http:// addresses as written; 3.0 made TLS the default.
      { from: '3.0', treatment: 'refuses', source: 'rest/config.go@3.0.8.1 StartupConfig.validate(): "Must use secure scheme in Couchbase Server URL, or opt out by setting bootstrap.use_tls_server to false"' },
    ],
  },
  {
    id: 'walrus-folder-server',
    construct: 'a walrus server address that names a folder ("walrus:data"), where walrus kept a bucket\'s files',
    changes: [
      // 3.1 opens it with walrus (base/bucket.go@3.1.11 GetBucket: walrus.GetCollectionBucket). From 3.2 every
      // walrus address goes to rosmar, which reads "walrus:" alone as a bucket in memory and refuses any other
      // walrus: URL; the rosmar of 3.2.0 to 4.1.1 (go.mod: c856107e8e78, 3b9ac157a3cd, 428892269c04) is the same there.
      { from: '3.2', treatment: 'refuses', source: 'base/bucket.go@3.2.0 GetBucket() (rosmar.OpenBucketIn for every walrus address); couchbaselabs/rosmar bucket.go@c856107e8e78 parseDBFileURL(): "rosmar requires rosmar: or file: URLs"' },
    ],
  },
  {
    id: 'walrus-memory-bootstrap',
    construct: '"walrus:" as the bootstrap server of a persistent-config gateway (a bootstrap config, or the server a legacy config\'s automatic upgrade takes)',
    existsFrom: '3.0',
    changes: [
      // 3.2 to 4.0 open it as rosmar's in-memory store (base/rosmar_cluster.go@4.0.7 NewRosmarCluster keeps the URL as it is).
      { from: '4.1', treatment: 'refuses', source: 'base/rosmar_cluster.go@4.1.0 NewRosmarCluster(): an address other than rosmar:/?mode=memory is a folder to create, and "walrus:" names none ("could not create or access directory to open rosmar cluster"); rest/main.go@4.1.1 automaticConfigUpgrade() opens the same' },
    ],
  },
  {
    id: 'rosmar-server',
    construct: 'a rosmar: server address (rosmar, the development store that took walrus\'s place)',
    changes: [
      // Before 3.2 a rosmar: address is no store of the gateway's own: it is read as a Couchbase Server address,
      // which 3.0 and 3.1 refuse without TLS and no release before 3.2 can connect to.
      { from: '2.8', treatment: 'refuses', source: 'base/constants.go@3.1.11 ServerIsWalrus() (walrus:, file:, / and . only; base/bucket.go@2.8.0 GetBucket() matches the same list), so the address goes to the Couchbase client' },
      { from: '3.2', treatment: 'accepts', source: 'base/constants.go@3.2.0 ServerIsWalrus() (rosmar: added)' },
    ],
  },
  {
    id: 'legacy-key-removed',
    construct: 'a 2.x key that 3.x no longer knows in a legacy config (logging.default, a database\'s deprecated section)',
    changes: [
      { from: '3.0', treatment: 'refuses', source: 'rest/config_legacy.go@3.0.8.1 LegacyServerConfig (strict decoding; the key is gone from the struct)' },
    ],
  },
  {
    id: 'legacy-key-gone-before-2.8',
    construct: 'a key removed before 2.8 (maxCouchbaseConnections, maxCouchbaseOverflow, runmode, skip_runmode_validation, SlowServerCallWarningThreshold, channel_index)',
    changes: [
      { from: '2.8', treatment: 'refuses', source: 'rest/config.go@2.8.4 ReadServerConfig(): DisallowUnknownFields, and the keys are not in ServerConfig or DbConfig' },
    ],
  },
  {
    id: 'legacy-key-ignored',
    construct: 'a 2.x key that 3.x reads but ignores (adminUI, configServer, deploymentID, statsReportInterval, log, logFilePath, cluster_config)',
    changes: [
      { from: '3.0', treatment: 'ignores', source: 'rest/config_legacy.go@3.0.8.1 ToStartupConfig() (the fields are decoded and never used)' },
    ],
  },
  {
    id: 'couchbase-keepalive-ignored',
    construct: 'the Couchbase connections\' TCP keep-alive interval (couchbase_keepalive_interval; couchbaseKeepaliveInterval in a legacy config)',
    changes: [
      // 2.8 to 3.1 set it on the go-couchbase client (rest/server_context.go@2.8.4, rest/config_startup.go@3.1.11 SetTcpKeepalive).
      { from: '3.2', treatment: 'ignores', source: 'rest/config_startup.go@3.2.0 to @4.1.1 (the field is decoded and never read: go-couchbase and its SetTcpKeepalive were removed, "Remove go couchbase (#6484)"); rest/config_legacy.go@4.1.1 ToStartupConfig() copies the legacy key into it' },
    ],
  },
  {
    id: 'query-resync-manager-ignored',
    construct: 'unsupported.use_query_resync_manager (resync by query instead of DCP)',
    existsFrom: '3.1',
    changes: [
      // 3.1 and 3.2 pick the query-based resync manager when it is true (db/database.go@3.2.8 UseQueryBasedResyncManager).
      { from: '3.3', treatment: 'ignores', source: 'db/database.go@3.3.0 to @4.1.1 (the field is decoded; resync always uses DCP: "CBG-4513 remove query based resync code (#7359)")' },
    ],
  },
  {
    id: 'legacy-automatic-upgrade-blocked',
    construct: 'a legacy config that the 3.x automatic upgrade cannot turn into a startup config and database configs',
    changes: [
      { from: '3.0', treatment: 'refuses', source: 'rest/config_legacy.go@3.0.8.1 ToStartupConfig() and rest/server_main.go@3.0.8.1 (legacy config upgrade)' },
    ],
  },
  {
    id: 'legacy-mode-without-server',
    construct: 'a legacy config in legacy mode (disable_persistent_config true) in which no database has a server',
    changes: [
      // 2.8 reads no disable_persistent_config and starts such databases on walrus: (rest/config.go@2.8.3 DefaultServer).
      { from: '3.0', treatment: 'refuses', source: 'rest/config_legacy.go@3.0.0 ToStartupConfig() (the bootstrap server is a database\'s) and rest/config.go@3.0.0 StartupConfig.validate(): "a server must be provided in the Bootstrap configuration", the same @4.1.1' },
    ],
  },
  {
    id: 'config-update-frequency-not-positive',
    construct: 'bootstrap.config_update_frequency of 0 or less',
    existsFrom: '3.0',
    changes: [
      { from: '4.1', treatment: 'refuses', source: 'rest/config.go@4.1.1 validate(): "config_update_frequency (%s) must be greater than 0"' },
    ],
  },
  {
    id: 'node-heartbeat-expiry-short',
    construct: 'a node_heartbeat_expiry (default 60s) shorter than twice config_update_frequency (default 10s)',
    existsFrom: '3.0',
    changes: [
      { from: '4.1', treatment: 'refuses', source: 'rest/config.go@4.1.1 validate(): "node_heartbeat_expiry (%s) must be at least 2x config_update_frequency"; default rest/cluster_compat.go@4.1.1 defaultNodeHeartbeatExpiry' },
    ],
  },
  {
    id: 'database-cors-max-age',
    construct: 'a database\'s own cors.max_age (not 0)',
    existsFrom: '3.0',
    changes: [
      // The database's cors arrived in 3.0.7 and 3.1.1; 3.0 refused max_age there, 3.1 and later send it (rest/routing.go@4.1.1).
      { from: '3.0', treatment: 'refuses', source: 'rest/config.go@3.0.8.1 validate(): "cors.max_age can not be set on a database level"' },
      { from: '3.1', treatment: 'accepts', source: 'rest/config.go@3.1.11 validate() (no such check); rest/routing.go@4.1.1 (the database\'s cors.MaxAge is sent as Access-Control-Max-Age)' },
    ],
  },
  {
    id: 'user-password-over-72-bytes',
    construct: 'a config user\'s password longer than 72 bytes',
    changes: [
      // bcrypt reads at most 72 bytes; the x/crypto of 2.8 and 3.0 (release-branch.go1.11, manifest/default.xml@2.8.3 and @3.0.8.1) drops the rest.
      { from: '2.8', treatment: 'ignores', source: 'auth/user.go@3.0.8.1 SetPassword (bcrypt.GenerateFromPassword of golang.org/x/crypto release-branch.go1.11 reads the first 72 bytes)' },
      // 3.1.0 pinned x/crypto 630584e8, without the check; 3.1.1 and later pin v0.7.0 and newer.
      { from: '3.1', treatment: 'refuses', source: 'auth/user.go@3.1.11 SetPassword returns bcrypt.ErrPasswordTooLong (golang.org/x/crypto v0.15.0, go.mod@3.1.11); db/users.go@4.1.1 UpdatePrincipal' },
    ],
  },
  {
    id: 'oidc-provider-name-underscore',
    construct: 'an OpenID Connect provider name with "_" (a provider with an issuer and a client_id)',
    changes: [
      // Where it is checked moved at 3.1 (src/releases/oidc.ts); every release refuses it.
      { from: '2.8', treatment: 'refuses', source: 'db/database.go@2.8.4 and @3.0.8.1 NewDatabaseContext, rest/config.go@3.1.11 and @4.1.1 validate(): "OpenID Connect provider names cannot contain underscore"' },
    ],
  },
  {
    id: 'revs-limit-below-20-conflicts-default',
    construct: 'revs_limit below 20 with allow_conflicts unset (conflicts allowed by default until 3.3)',
    changes: [
      { from: '2.8', treatment: 'refuses', source: 'rest/server_context.go@2.8.0 ("cannot be set lower than 20" while conflicts are allowed); base/constants.go@3.2.0 DefaultAllowConflicts = true' },
      { from: '3.3', treatment: 'accepts', source: 'base/constants.go@3.3.0 DefaultAllowConflicts = false' },
    ],
  },
  {
    id: 'replication-without-id',
    construct: 'an inter-gateway replication of a database config with an empty map key or no replication_id',
    existsFrom: '3.0',
    changes: [
      // 3.0.8.1 and 3.1.11 store it as it is; 3.2 validates the replications of a database config.
      { from: '3.2', treatment: 'refuses', source: 'rest/config.go@3.2.0 validate(): "replication id cannot be empty" / "replication name cannot be empty"' },
    ],
  },
  {
    id: 'replication-username-password',
    construct: 'an inter-gateway replication with the old username/password fields (now remote_username/remote_password)',
    changes: [
      { from: '3.1', treatment: 'warns', source: 'db/sg_replicate_cfg.go@3.1.0 ("Deprecation notice: replication config fields \"username\" and \"password\" are now \"remote_username\" and \"remote_password\"")' },
    ],
  },
  {
    id: 'replication-both-usernames',
    construct: 'an inter-gateway replication that sets both remote_username and the old username',
    // remote_username arrived in 3.1; before, it is a field the release does not know (schema/unknown-field).
    existsFrom: '3.1',
    changes: [
      { from: '3.1', treatment: 'refuses', source: 'db/sg_replicate_cfg.go@3.1.0 ValidateReplication(): "Cannot set both remote_username and username config options"' },
    ],
  },
  {
    id: 'channel-filter-without-channels',
    construct: 'a channel-filtered replication whose query_params is an object without a "channels" list (where it is accepted without collections_channels, the empty channel list is a warning of its own)',
    changes: [
      { from: '2.8', treatment: 'refuses', source: 'db/sg_replicate_util.go@2.8.0 and @3.0.0 ChannelsFromQueryParams(): "query_params is missing channels property", from ValidateReplication()' },
      // 3.1 reads collections_channels instead when it is there, and lets an object with neither through.
      { from: '3.1', treatment: 'accepts', source: 'db/sg_replicate_util.go@3.1.0 CollectionChannelsFromQueryParams() (no error without either key)' },
    ],
  },
  {
    id: 'config-replication-edits-ignored',
    construct: 'an edit of a config-defined replication whose id the gateway has already stored',
    existsFrom: '3.0',
    changes: [
      // 3.0 and 3.1 store the config's replications again at every load.
      { from: '3.2', treatment: 'ignores', source: 'rest/server_context.go@3.2.0 (only config replications whose id is not in GetReplications() are put)' },
    ],
  },
  {
    id: 'regexp-named-group',
    construct: 'a named group (?<name>...) in a regular expression of a function',
    // otto hands the translated pattern to Go's regexp (parser/expression.go and type_regexp.go at both pins);
    // Go's regexp/syntax reads (?<name>re) from Go 1.22 on. Each line's newest patch is built with the Go of
    // its build manifest (manifest/product-config.json "go_version").
    changes: [
      { from: '2.8', treatment: 'refuses', source: 'manifest/product-config.json@3.2.8: 2.8.4 and 3.0.9 are built with Go 1.16.15, whose regexp refuses (?<name> ("invalid or unsupported Perl syntax: `(?<`")' },
      { from: '3.1', treatment: 'accepts', source: 'manifest/product-config.json@3.2.8 and @4.1.1: 3.1.12 is built with Go 1.22.5, 3.2.8, 3.3.6 and 4.0.6 with 1.25.11, 4.1 with 1.26.4; Go 1.22 added (?<name>re)' },
    ],
  },
  {
    id: 'principal-name-refused-from-3.0',
    construct: 'a user or role name with no letter or digit ("..", "_", "-"), which 2.8 accepts',
    changes: [
      { from: '3.0', treatment: 'refuses', source: 'auth/role.go@3.0.8 and @4.1.1 IsValidPrincipalName (a letter or a digit; no "/", ":", "," or "`"; at most 239 bytes), called by initRole: "Invalid name"' },
    ],
  },
  {
    id: 'principal-name-refused-before-3.0',
    construct: 'a user or role name with a character outside 2.8\'s set [-+.@%A-Za-z0-9_] (a space, a non-ASCII letter), which 3.0 and later accept',
    changes: [
      { from: '2.8', treatment: 'refuses', source: 'auth/role.go@2.8.3 kValidNameRegexp ^[-+.@%\\w]*$, checked by initRole: "Invalid name"' },
      { from: '3.0', treatment: 'accepts', source: 'auth/role.go@3.0.8 IsValidPrincipalName' },
    ],
  },
  {
    id: 'principal-name-refused',
    construct: 'a user or role name that every release refuses (a "/", ":", "," or "`" in it, or no letter or digit and a character outside 2.8\'s set)',
    changes: [
      { from: '2.8', treatment: 'refuses', source: 'auth/role.go@2.8.3 kValidNameRegexp; auth/role.go@3.0.8 and @4.1.1 IsValidPrincipalName' },
    ],
  },
  {
    id: 'query-limit-below-2',
    construct: 'an effective channel query limit below 2 (query_pagination_limit when set and not 0, else the deprecated cache.channel_cache.query_limit)',
    changes: [
      // 2.8 has no query_pagination_limit and takes query_limit only when above 0, with no lower bound.
      { from: '3.0', treatment: 'refuses', source: 'rest/server_context.go@3.0.8.1 and @4.1.1 dbcOptionsFromConfig ("query_pagination_limit: %d must be greater than 1", as the database loads); rest/server_context.go@2.8.4 (query_limit used when > 0, unchecked)' },
    ],
  },
  {
    id: 'user-xattr-key-long',
    construct: 'a user_xattr_key of more than 15 bytes',
    existsFrom: '3.0',
    changes: [
      // 3.0.0 to 3.2.8 take any length (rest/server_context.go checks only the edition and shared bucket access).
      { from: '3.3', treatment: 'refuses', source: 'rest/config.go@3.3.0 and @4.1.1 DbConfig.validate() ("user_xattr_key can only be a maximum of 15 characters", Go\'s len(): bytes)' },
    ],
  },
] as const satisfies readonly BehaviourFact[];

export type BehaviourFactId = (typeof facts)[number]['id'];

export const BEHAVIOUR: ReadonlyMap<string, BehaviourFact> = new Map(facts.map((f) => [f.id, f]));
