// Every release fact (src/releases/behaviour.ts) has a minimal config that shows it, and that config is
// linted under each release sgconf knows: the rule that declares the fact reports it with the severity the
// fact gives that release, and not at all where no release from the target on refuses, warns about or
// ignores it. A rule that kept one severity for every release, or that reported a construct a release
// does not treat differently, fails here at the step where it is wrong.
import { describe, expect, it } from 'vitest';
import { allRules } from '../../src/rules/index.js';
import { lintText } from '../../src/lint.js';
import { BEHAVIOUR, type BehaviourFactId } from '../../src/releases/behaviour.js';
import { judge, RELEASES, type Release } from '../../src/releases/index.js';
import { upgradesLegacyConfigs } from '../../src/releases/reading.js';
import type { Kind, Severity } from '../../src/types.js';

/** The oldest release that reads each kind of config (database and bootstrap configs arrived in 3.0). */
const OLDEST: Record<Kind, Release> = { legacy: '2.8', bootstrap: '3.0', database: '3.0' };

interface FactExample {
  rule: string;
  kind: Kind;
  config: unknown;
  /** A rule that reports the fact with one severity whatever the verdict, and why. */
  severity?: { always: Severity; why: string };
  /**
   * A database validation of reference 4.5, which the 3.x automatic upgrade of a legacy file does not run:
   * the refusal is a warning there (src/document/databases.ts validated), a later refusal still an info.
   */
  upgradeStores?: true;
}

const db = (fields: Record<string, unknown>) => ({ databases: { db: { server: 'couchbases://cb', bucket: 'b', enable_shared_bucket_access: true, ...fields } } });
const replication = (fields: Record<string, unknown>) => ({ remote: 'https://sg2:4984/db', direction: 'pull', ...fields });

const EXAMPLES: Record<BehaviourFactId, FactExample> = {
  'allow-conflicts-true': { rule: 'database/allow-conflicts', kind: 'legacy', config: db({ allow_conflicts: true }) },
  'star-channel-disabled': { rule: 'database/star-channel', kind: 'legacy', config: db({ cache: { channel_cache: { enable_star_channel: false } } }), upgradeStores: true },
  'shared-bucket-access-off': { rule: 'upgrade/shared-bucket-access-off', kind: 'legacy', config: db({ enable_shared_bucket_access: false }) },
  'sg-replicate-1': { rule: 'sgreplicate/removed', kind: 'legacy', config: { ...db({}), replications: [{ source: 'http://sg1:4985/a', target: 'http://sg2:4985/a', continuous: true }] } },
  'server-without-tls': { rule: 'security/non-tls-server', kind: 'legacy', config: db({ server: 'couchbase://cb' }) },
  'walrus-folder-server': { rule: 'upgrade/walrus-server', kind: 'legacy', config: db({ server: 'walrus:data' }) },
  'walrus-memory-bootstrap': { rule: 'upgrade/walrus-server', kind: 'bootstrap', config: { bootstrap: { server: 'walrus:' } } },
  'rosmar-server': { rule: 'upgrade/walrus-server', kind: 'bootstrap', config: { bootstrap: { server: 'rosmar:/?mode=memory' } } },
  'legacy-key-removed': { rule: 'upgrade/removed-key', kind: 'legacy', config: { ...db({}), logging: { default: { logLevel: 'info' } } } },
  'legacy-key-gone-before-2.8': { rule: 'upgrade/removed-key', kind: 'legacy', config: { ...db({}), maxCouchbaseConnections: 16 } },
  'legacy-key-ignored': { rule: 'upgrade/removed-key', kind: 'legacy', config: { ...db({}), adminUI: 'http://localhost:4985/_admin/' } },
  'couchbase-keepalive-ignored': { rule: 'bootstrap/unused-field', kind: 'bootstrap', config: { bootstrap: { server: 'couchbases://cb', username: 'u', password: 'p' }, couchbase_keepalive_interval: 30 } },
  'query-resync-manager-ignored': { rule: 'upgrade/removed-key', kind: 'database', config: { name: 'db', bucket: 'b', unsupported: { use_query_resync_manager: true } } },
  'legacy-automatic-upgrade-blocked': { rule: 'upgrade/database-without-server', kind: 'legacy', config: { databases: { db: { bucket: 'b', enable_shared_bucket_access: true } } } },
  'legacy-mode-without-server': { rule: 'upgrade/database-without-server', kind: 'legacy', config: { disable_persistent_config: true, databases: { db: { bucket: 'b', enable_shared_bucket_access: true } } } },
  'config-update-frequency-not-positive': { rule: 'bootstrap/config-polling', kind: 'bootstrap', config: { bootstrap: { server: 'couchbases://cb', username: 'u', password: 'p', config_update_frequency: '0s' } } },
  // node_heartbeat_expiry arrived in 4.1; its default (60s) meets a config_update_frequency every 3.x knows.
  'node-heartbeat-expiry-short': { rule: 'bootstrap/config-polling', kind: 'bootstrap', config: { bootstrap: { server: 'couchbases://cb', username: 'u', password: 'p', config_update_frequency: '40s' } } },
  'database-cors-max-age': { rule: 'database/cors-max-age', kind: 'database', config: { name: 'db', bucket: 'b', cors: { origin: ['https://app.example.com'], max_age: 600 } } },
  'oidc-provider-name-underscore': { rule: 'database/oidc-providers', kind: 'database', config: { name: 'db', bucket: 'b', oidc: { default_provider: 'my_idp', providers: { my_idp: { issuer: 'https://idp.example.com', client_id: 'sg', validation_key: 'secret', register: true } } } } },
  'revs-limit-below-20-conflicts-default': { rule: 'database/revs-limit', kind: 'legacy', config: db({ revs_limit: 10 }) },
  'replication-without-id': { rule: 'replication/id-mismatch', kind: 'database', config: { name: 'db', bucket: 'b', replications: { r1: replication({}) } } },
  'replication-username-password': { rule: 'replication/credentials', kind: 'legacy', config: db({ replications: { r1: replication({ replication_id: 'r1', username: 'u', password: 'p' }) } }) },
  'replication-both-usernames': { rule: 'replication/credentials', kind: 'legacy', config: db({ replications: { r1: replication({ replication_id: 'r1', username: 'u', remote_username: 'u', remote_password: 'p' }) } }) },
  // Before 3.1 an object needs channels; from 3.1 collections_channels can take its place.
  'channel-filter-without-channels': {
    rule: 'replication/filter', kind: 'legacy',
    config: db({ replications: { r1: replication({ replication_id: 'r1', filter: 'sync_gateway/bychannel', collections_enabled: true, collections_local: ['s.c'], query_params: { collections_channels: { 's.c': ['a'] } } }) } }),
  },
  'config-replication-edits-ignored': {
    rule: 'replication/config-edits-ignored', kind: 'legacy', config: db({ replications: { r1: replication({ replication_id: 'r1' }) } }),
    severity: { always: 'info', why: 'the config loads as it is; the finding is about later edits of it' },
  },
  'principal-name-refused-from-3.0': { rule: 'database/principal-name', kind: 'legacy', config: db({ users: { '..': { password: 'pw12345' } } }) },
  'principal-name-refused-before-3.0': { rule: 'database/principal-name', kind: 'legacy', config: db({ roles: { 'night shift': {} } }) },
  'principal-name-refused': { rule: 'database/principal-name', kind: 'legacy', config: db({ users: { 'a/b': { password: 'pw12345' } } }) },
  'user-password-over-72-bytes': { rule: 'database/user-password-too-long', kind: 'legacy', config: db({ users: { ann: { password: 'p'.repeat(73) } } }) },
  'regexp-named-group': {
    rule: 'functions/otto-regexp', kind: 'legacy', config: db({ sync: 'function (doc) { if (/^(?<kind>[a-z]+)-/.test(doc._id)) channel(doc.channels); }' }),
  },
  'query-limit-below-2': { rule: 'database/query-pagination-limit', kind: 'legacy', config: db({ cache: { channel_cache: { query_limit: 1 } } }) },
  'user-xattr-key-long': { rule: 'database/user-xattr-key', kind: 'database', config: { name: 'db', bucket: 'b', user_xattr_key: 'a_sixteen_bytes_' } },
};

describe('every release fact, release by release', () => {
  it('every fact has an example, and its rule declares it', () => {
    for (const id of BEHAVIOUR.keys()) {
      const example = EXAMPLES[id as BehaviourFactId];
      expect(example, `an example of ${id}`).toBeDefined();
      expect(allRules.find((r) => r.id === example.rule)?.facts, `${example.rule} declares ${id}`).toContain(id);
    }
  });

  for (const [id, example] of Object.entries(EXAMPLES) as [BehaviourFactId, FactExample][]) {
    const releases = RELEASES.filter((r) => RELEASES.indexOf(r) >= RELEASES.indexOf(OLDEST[example.kind]));
    it.each(releases)(`${id} (${example.rule}) under --target %s`, async (target) => {
      const verdict = judge(BEHAVIOUR.get(id)!, target);
      const result = await lintText(JSON.stringify(example.config, null, 2), 'example.json', { env: {}, remote: false, kind: example.kind, target });
      const found = result.diagnostics.filter((d) => d.rule === example.rule);
      if (verdict === null) {
        expect(found.map((d) => d.message), `${target} and every later release accept it`).toEqual([]);
        return;
      }
      expect(found.length, `${example.rule} reports it under ${target}`).toBeGreaterThan(0);
      const expected = example.severity?.always ?? (example.upgradeStores && upgradesLegacyConfigs(target) && verdict.severity === 'error' ? 'warning' : verdict.severity);
      for (const d of found) expect(d.severity, d.message).toBe(expected);
    });
  }
});
