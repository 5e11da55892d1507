// When the gateway started doing what an upgrade plan must prepare for: the release line of each change,
// with where the gateway does it. `plan` asks these instead of spelling release numbers in its steps.
import type { ReleaseLine } from './lines.js';
import { READING } from './reading.js';

export interface UpgradeMilestone {
  /** The first release line that behaves this way. */
  line: ReleaseLine;
  /** What changed, for docs. */
  change: string;
  /** Where: file and release tag of couchbase/sync_gateway, or the reference section. */
  source: string;
}

export const UPGRADE = {
  sharedBucketAccess: {
    line: '1.5',
    change: '`enable_shared_bucket_access` exists (and bucket shadowing is unsupported); the view definitions change, so the first node re-indexes',
    source: 'rest/config.go@1.5.0 (EnableXattrs); reference gateway-config.md "Upgrades from 1.x"',
  },
  viewPrebuildFrom: {
    line: '1.1',
    change: 'the oldest line from which a 1.5 upgrade can pre-build its view index as a development design document',
    source: 'reference gateway-config.md "Upgrades from 1.x"',
  },
  versionedDesignDocs: {
    line: '2.0',
    change: 'design documents carry the version in their names (`sync_gateway_2.0`) and `_post_upgrade` removes obsolete ones',
    source: 'db/design_doc.go@2.0.0 (DesignDocVersion = "2.0", removeObsoleteDesignDocs); rest/routing.go@2.0.0 /_post_upgrade',
  },
  gsiByDefault: {
    line: '2.1',
    change: 'GSI indexes replace views unless `use_views: true`; design documents become `sync_gateway_2.1`',
    source: 'rest/config.go@2.1.0 UseViews; db/design_doc.go@2.1.0 DesignDocVersion = "2.1"; db/indexes.go@2.1.0',
  },
  postUpgradeRemoves20Docs: {
    line: '2.6',
    change: '`_post_upgrade` also removes the `sync_gateway_2.0` design documents',
    source: 'db/design_doc.go@2.6.0 removeObsoleteDesignDocs',
  },
  postUpgradeRemoves21Docs: {
    line: '2.7',
    change: '`_post_upgrade` also removes the `sync_gateway_2.1` design documents of a database that does not use views',
    source: 'db/design_doc.go@2.7.0 removeObsoleteDesignDocs(…, useViews)',
  },
  interGatewayReplication: {
    line: '2.8',
    change: 'inter-gateway replication exists and re-uses the checkpoints of first-generation replications',
    source: 'db/active_replicator.go@2.8.0; rest/config.go@2.8.0 Replications',
  },
  persistentConfig: {
    line: '3.0',
    change: 'bootstrap and persistent database configs; legacy files are converted once; the admin API needs credentials; TLS to the data store by default; top-level `replications` refused',
    source: 'rest/config.go@3.0.0 (StartupConfig, use_tls_server), rest/config_legacy.go@3.0.0',
  },
  environmentExpansion: {
    line: READING.environmentExpansion.from,
    change: READING.environmentExpansion.change,
    source: READING.environmentExpansion.source,
  },
  principalIndexes: {
    line: '3.1',
    change: 'users and roles are looked up through their own indexes, created at the first start',
    source: 'db/indexes.go@3.1.0 IndexUser, IndexRole',
  },
  indexReplicasMoved: {
    line: '3.3',
    change: '`num_index_replicas` is deprecated for `index.num_replicas`; `_post_upgrade` removes every `sg_` index no loaded database uses',
    source: 'rest/config.go@3.3.0 validate (num_index_replicas deprecated); db/indexes.go@3.3.0',
  },
  sharedBucketAccessRequired: {
    line: '4.0',
    change: 'a database with `enable_shared_bucket_access: false` is not loaded',
    source: 'rest/server_context.go@4.0.7 ("sync gateway requires enable_shared_bucket_access=true")',
  },
} as const satisfies Record<string, UpgradeMilestone>;
