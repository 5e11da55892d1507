// Every legacy file of the corpus (MANIFEST.tsv, kind legacy) either converts, and then every output lints
// with zero errors, or is refused with a diagnostic a person agrees with. The table records which, for a
// run that takes the first choice of every decision the conversion asks (a clear-text server, two
// clusters, the old logging keys, first-generation replications: convert/decision-needed, which one run
// lists, and decisions.shared.test.ts takes every way).
//
// Why the refusals are right (rule -> what the file does, and what a person would do about it):
// - schema/unknown-field, upgrade/removed-key, upgrade/shadow: keys 3.x does not know (log inside a database,
//   channel_index, shadow, MaxCouchbaseConnections, feed_params, ...): 3.x refuses the file.
// - source/syntax: not JSON even in the gateway's dialect (trailing commas, comments, Jinja templates).
// - convert/persistent-config-disabled: "disable_persistent_config": true asks for legacy mode.
// - certificate files that do not exist here (certs/file-unreadable) do not stop a conversion: the converted
//   config names the same files, which must exist on the gateway host.
// - upgrade/import-without-shared-bucket-access: import_docs with shared bucket access off (D16).
// - security opinions (an admin API without authentication) are reported with the conversion, never a refusal.
// - database/*, functions/*, webhook/*, schema/invalid-name: settings the
//   gateway rejects (scopes in legacy mode, allow_conflicts, compact_interval_days out of range, a sync value
//   that is not a function, a webhook URL that is not a URL, a database name with capitals, ...).
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertFile, isConversionBlocker } from '../../src/convert/run.js';
import { writeToDirectory } from '../../src/convert/writer.js';
import { lintPaths } from '../../src/files.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = path.resolve(here, '../../../shared/corpus');
const CONVERTS = 'converts' as const;
// The table says what a conversion for 3.3 does (a 3.x release loads databases without shared bucket access).
const TABLE_TARGET = '3.3' as const;

const expected: [string, typeof CONVERTS | string[]][] = [
  ['HodGreeley__Zebra-Inventory/sync-gateway.json', CONVERTS],
  ['HodGreeley__couchbase-lite-java-sg-replicate/backup_gateway_config.json', CONVERTS],
  ['HodGreeley__couchbase-lite-java-sg-replicate/primary_gateway_config.json', CONVERTS],
  ['SteeveQuadra__Cbl2Db22RepTest/sync-gateway-config.json', ['schema/unknown-field']],
  ['ToddGreenstein__cb-sg-demo/sync-gateway-config.json', CONVERTS],
  ['UnionPOS__docker-couchbase-syncgateway/config__sync_gateway_config.json', CONVERTS],
  ['amrishraje__CouchbaseQuickstart/sync_gateway.json', CONVERTS],
  ['cbl-dart__cbl_counter/sync-gateway-config.json', CONVERTS],
  ['couchbase__couchbase-lite-core/4a26768/Replicator__tests__data__config.json', ['schema/unknown-field']],
  ['couchbase__couchbase-lite-core/Replicator__tests__data__client_ssl_config.json', ['source/syntax']],
  ['couchbase__couchbase-lite-core/Replicator__tests__data__ssl_walrus_config_3-0.json', ['convert/persistent-config-disabled']],
  ['couchbase__couchbase-lite-core/Replicator__tests__data__walrus_config_3-0.json', ['convert/persistent-config-disabled']],
  ['couchbase__docs-sync-gateway/f5bb8cf/modules__ROOT__examples__getting-started__sync-gateway-config-import-filter.json', ['source/syntax']],
  ['couchbase__docs-sync-gateway/modules__ROOT__assets__attachments__kubernetes__sgw-config.json', CONVERTS],
  ['couchbase__docs-sync-gateway/modules__ROOT__examples__configuration__x509-config.json', CONVERTS],
  ['couchbase__perfrunner/46b10fa/templates__gateway_config_shadow_template.json', ['source/syntax']],
  ['couchbase__perfrunner/perfrunner__utils__syncgateway__configs__2.1__hebe_channel_xattr_ssl.config', CONVERTS],
  ['couchbase__perfrunner/perfrunner__utils__syncgateway__configs__3.1__hebe_channel_xattr_import_collection.config', ['convert/persistent-config-disabled', 'database/scopes']],
  ['couchbase__perfrunner/perfrunner__utils__syncgateway__configs__3.1__hebe_e2e_basic_console_collection.config', ['convert/persistent-config-disabled', 'database/scopes']],
  ['couchbase__perfrunner/perfrunner__utils__syncgateway__configs__old__hebe_xattr_sync.config', ['schema/unknown-field']],
  ['couchbase__sync-gateway-ami/config__sg_accel.json.template', ['upgrade/removed-key']],
  ['couchbase__sync-gateway-ami/config__sync_gateway.json.template', ['upgrade/removed-key']],
  ['couchbase__sync_gateway/1.0.0/examples__admin_party.json', CONVERTS],
  ['couchbase__sync_gateway/1.0.0/examples__all_logs_config.json', ['source/syntax']],
  ['couchbase__sync_gateway/1.0.0/examples__cb_admin_party.json', CONVERTS],
  ['couchbase__sync_gateway/1.0.0/examples__democonfig.json', CONVERTS],
  ['couchbase__sync_gateway/1.0.0/examples__dualconfig.json', CONVERTS],
  ['couchbase__sync_gateway/1.5.0/examples__basic-couchbase-bucket.json', CONVERTS],
  ['couchbase__sync_gateway/1.5.0/examples__basic-sync-function.json', CONVERTS],
  ['couchbase__sync_gateway/1.5.0/examples__basic-walrus-bucket.json', CONVERTS],
  ['couchbase__sync_gateway/1.5.0/examples__basic-walrus-persisted-bucket.json', CONVERTS],
  ['couchbase__sync_gateway/1.5.0/examples__basic_sg_accel_config.json', ['upgrade/removed-key']],
  ['couchbase__sync_gateway/1.5.0/examples__config-dcpshard.json', ['schema/unknown-field', 'upgrade/removed-key']],
  ['couchbase__sync_gateway/1.5.0/examples__config-server.json', CONVERTS],
  ['couchbase__sync_gateway/1.5.0/examples__config-shared-bucket-filter.json', ['source/syntax']],
  ['couchbase__sync_gateway/1.5.0/examples__config-shared-bucket.json', ['source/syntax']],
  ['couchbase__sync_gateway/1.5.0/examples__cors.json', CONVERTS],
  ['couchbase__sync_gateway/1.5.0/examples__democlusterconfig.json', CONVERTS],
  ['couchbase__sync_gateway/1.5.0/examples__events_webhook.json', CONVERTS],
  ['couchbase__sync_gateway/1.5.0/examples__logging-with-rotation.json', CONVERTS],
  ['couchbase__sync_gateway/1.5.0/examples__openid-connect.json', CONVERTS],
  ['couchbase__sync_gateway/1.5.0/examples__read-write-timeouts.json', CONVERTS],
  ['couchbase__sync_gateway/1.5.0/examples__replications-in-config.json', CONVERTS],
  ['couchbase__sync_gateway/1.5.0/examples__serviceconfig.json', CONVERTS],
  ['couchbase__sync_gateway/1.5.0/examples__ssl__ssl.json', CONVERTS],
  ['couchbase__sync_gateway/1.5.0/examples__sync_gateway_with_accel_config.json', ['upgrade/removed-key']],
  ['couchbase__sync_gateway/1.5.0/examples__users-roles.json', CONVERTS],
  ['couchbase__sync_gateway/2.8.0/examples__basic-couchbase-bucket.json', CONVERTS],
  ['couchbase__sync_gateway/2.8.0/examples__basic-sync-function.json', CONVERTS],
  ['couchbase__sync_gateway/2.8.0/examples__config-server.json', CONVERTS],
  ['couchbase__sync_gateway/2.8.0/examples__config-shared-bucket-filter.json', CONVERTS],
  ['couchbase__sync_gateway/2.8.0/examples__config-shared-bucket.json', CONVERTS],
  ['couchbase__sync_gateway/2.8.0/examples__cors.json', CONVERTS],
  ['couchbase__sync_gateway/2.8.0/examples__democlusterconfig.json', CONVERTS],
  ['couchbase__sync_gateway/2.8.0/examples__ee-cache-config.json', CONVERTS],
  ['couchbase__sync_gateway/2.8.0/examples__ee_basic-delta-sync.json', CONVERTS],
  ['couchbase__sync_gateway/2.8.0/examples__events_webhook.json', CONVERTS],
  ['couchbase__sync_gateway/2.8.0/examples__logging-with-redaction.json', CONVERTS],
  ['couchbase__sync_gateway/2.8.0/examples__logging-with-rotation.json', CONVERTS],
  ['couchbase__sync_gateway/2.8.0/examples__openid-connect.json', CONVERTS],
  ['couchbase__sync_gateway/2.8.0/examples__read-write-timeouts.json', CONVERTS],
  ['couchbase__sync_gateway/2.8.0/examples__replications-in-config.json', CONVERTS],
  ['couchbase__sync_gateway/2.8.0/examples__serviceconfig.json', CONVERTS],
  ['couchbase__sync_gateway/2.8.0/examples__ssl__ssl.json', CONVERTS],
  ['couchbase__sync_gateway/2.8.0/examples__users-roles.json', CONVERTS],
  ['couchbase__sync_gateway/examples__legacy_config__basic-couchbase-bucket.json', ['convert/persistent-config-disabled']],
  ['couchbase__sync_gateway/examples__legacy_config__basic-sync-function.json', ['convert/persistent-config-disabled']],
  ['couchbase__sync_gateway/examples__legacy_config__config-server.json', ['convert/persistent-config-disabled']],
  ['couchbase__sync_gateway/examples__legacy_config__config-shared-bucket-filter.json', ['convert/persistent-config-disabled', 'upgrade/import-without-shared-bucket-access']],
  ['couchbase__sync_gateway/examples__legacy_config__config-shared-bucket.json', ['convert/persistent-config-disabled', 'upgrade/import-without-shared-bucket-access']],
  ['couchbase__sync_gateway/examples__legacy_config__cors.json', ['convert/persistent-config-disabled']],
  ['couchbase__sync_gateway/examples__legacy_config__democlusterconfig.json', ['convert/persistent-config-disabled']],
  ['couchbase__sync_gateway/examples__legacy_config__ee-cache-config.json', ['convert/persistent-config-disabled']],
  ['couchbase__sync_gateway/examples__legacy_config__ee_basic-delta-sync.json', ['convert/persistent-config-disabled']],
  ['couchbase__sync_gateway/examples__legacy_config__events_webhook.json', ['convert/persistent-config-disabled']],
  ['couchbase__sync_gateway/examples__legacy_config__logging-with-redaction.json', ['convert/persistent-config-disabled']],
  ['couchbase__sync_gateway/examples__legacy_config__logging-with-rotation.json', ['convert/persistent-config-disabled']],
  ['couchbase__sync_gateway/examples__legacy_config__openid-connect.json', ['convert/persistent-config-disabled']],
  ['couchbase__sync_gateway/examples__legacy_config__read-write-timeouts.json', ['convert/persistent-config-disabled']],
  ['couchbase__sync_gateway/examples__legacy_config__replications-in-config.json', ['convert/persistent-config-disabled']],
  ['couchbase__sync_gateway/examples__legacy_config__ssl.json', ['convert/persistent-config-disabled']],
  ['couchbase__sync_gateway/examples__legacy_config__users-roles.json', ['convert/persistent-config-disabled']],
  ['couchbaselabs__CouchChat-iOS/sync-gateway-config.json', ['schema/unknown-field']],
  ['couchbaselabs__Couchbase-by-Example/02-gcm-webhook__sync-gateway-config.json', CONVERTS],
  ['couchbaselabs__Couchbase-by-Example/06-channels-users-roles__sync-gateway-config.json', CONVERTS],
  ['couchbaselabs__InventorySales/sg-config-forest.json', ['schema/unknown-field', 'security/non-tls-server']],
  ['couchbaselabs__InventorySales/sg-config.json', ['schema/unknown-field']],
  ['couchbaselabs__ToDoLite-iOS/sync-gateway-config.json', CONVERTS],
  ['couchbaselabs__couchbase-sync-gateway-server-example/sync-gateway-config.json', CONVERTS],
  ['couchbaselabs__mobile-testkit/2e74558/conf__sync_gateway_webhook.json', ['upgrade/removed-key', 'schema/unknown-field', 'webhook/invalid-url']],
  ['couchbaselabs__mobile-testkit/f27a891/conf__sync_gateway_bucketshadow_low_revs_cc.json', ['upgrade/removed-key', 'upgrade/shadow']],
  ['couchbaselabs__mobile-testkit/resources__sync_gateway_configs__listener_tests__sg_replicate_custom_conflict_cc.json', ['source/syntax']],
  ['couchbaselabs__mobile-testkit/resources__sync_gateway_configs__sync_gateway_openid_connect_cc.json', ['source/syntax']],
  ['couchbaselabs__mobile-testkit/resources__sync_gateway_configs__sync_gateway_sg_replicate_continuous_cc.json', ['source/syntax']],
  ['couchbaselabs__mobile-testkit/resources__sync_gateway_configs__webhooks__webhook_filter_cc.json', ['source/syntax']],
  // disable_persistent_config true: nothing to upgrade (its _default scope is fine in legacy mode).
  ['couchbaselabs__mobile-training-todo/config__sync-gateway-config.json', ['convert/persistent-config-disabled']],
  ['couchbaselabs__mobile-travel-sample/82df2e0/sync-gateway-config-travelsample.json', CONVERTS],
  ['couchbaselabs__mobile-travel-sample/sync-gateway-config-travelsample-docker.json', ['convert/persistent-config-disabled']],
  ['couchbaselabs__sync-gateway-tests/config__admin_party_distributed_index_mixed_mode.json', ['schema/unknown-field', 'upgrade/removed-key']],
  ['couchbaselabs__sync-gateway-tests/config__admin_party_w_webhooks.json', ['schema/unknown-field']],
  ['couchbaselabs__sync-gateway-tests/config__gateway_config_shadow_localhost.json', ['upgrade/shadow']],
  ['couchbaselabs__sync-gateway-tests/config__sb_sg_restart_revs_limit.json', ['schema/unknown-field', 'upgrade/shadow']],
  ['couchbaselabs__sync-gateway-tests/config__sync_function_test.json', CONVERTS],
  // compact_interval_days 90 (outside 0.04-60): PUT /{db}/ of the output would be rejected (D1).
  ['couchbaselabs__sync_gateway-persistent-config-demo/sg-legacy-config__config.json', ['convert/output-invalid']],
  ['deefactorial__openmoney-mobile/sync-gateway-config.json', ['upgrade/shadow']],
  ['dmaier-couchbase__cbl-pub-sub/sync_gateway.json', CONVERTS],
  ['escapedcanadian__mfd-demo/sync_gateway_config.json', CONVERTS],
  ['ijokarumawak__omoidebase/sync-gateway__config.json', CONVERTS],
  ['jchris__office-radar/sync_gateway__config.json', CONVERTS],
  ['jschmid__couchbase-chat/sync-gateway__config.json', CONVERTS],
  ['maddy10s__couchbase-syncgateway-containers/syncgateway__sg-config.json', ['convert/persistent-config-disabled']],
  ['ptimothee__CouchbaseSyncGatewayTestcontainer/Config__config.json', ['convert/persistent-config-disabled']],
  ['rafaelugolini__syncgateway_offline_first_example/sync_gateway__walrus_hook.json', CONVERTS],
  ['rostcom__cbl-is-test/sync-gateway-config.json', ['schema/invalid-name']],
  ['ryjen__couchbase-docker-dev/sync_gateway__sync_gateway.json', ['schema/unknown-field']],
  ['shu3102__MotoNexus/config__sync-gateway__sync-gateway-config.json', CONVERTS],
  ['tophatch__CouchbaseMobileWithKubernetes/sync-gateway__sync-gateway-config.json', CONVERTS],
  ['vladoatanasov__docker-cbsg/sync-gateway__config.json', CONVERTS],
  ['vladoatanasov__sync-gateway-users-example/sync-gateway.json', CONVERTS],
  ['waynecarter__digital-display/sync-gateway-config.json', ['functions/not-a-function']],
  ['whiteaxl__bds-server/sync-gateway-config.json', CONVERTS],
  ['yido__couchbase-syncgateway/docker__sync-gateway__config.json', ['functions/not-a-function']],
  ['zouabimourad__syncgateway-experiments/sync-gateway.conf', CONVERTS],
];

describe('legacy corpus', () => {
  it('the table lists every legacy file of the manifest', async () => {
    const manifest = (await fs.readFile(path.join(corpus, 'MANIFEST.tsv'), 'utf8')).split('\n').slice(1)
      .map((line) => line.split('\t')).filter((cols) => cols[4] === 'legacy').map((cols) => cols[0]).sort();
    expect(expected.map(([file]) => file).sort()).toEqual(manifest);
  });

  // For 4.x, every file that converts for 3.3 asks one more decision when a database runs without shared
  // bucket access (4.0 and later refuse it), and never writes a database with it off.
  for (const [file] of expected.filter(([, outcome]) => outcome === CONVERTS)) {
    it(`${file}: for 4.1, shared bucket access is a decision, and on in every database written`, async () => {
      const input = path.join(corpus, file);
      const options = { cwd: path.dirname(input), lint: { remote: false, target: '4.1' as const } };
      const asked33 = new Set(((await convertFile(input, { ...options, lint: { remote: false, target: TABLE_TARGET } })).conversion?.decisions ?? []).map((d) => d.id));
      const asked = (await convertFile(input, options)).conversion?.decisions ?? [];
      expect(asked.map((d) => d.id).filter((id) => !asked33.has(id))).toEqual(asked.some((d) => d.id === 'shared-bucket-access') ? ['shared-bucket-access'] : []);
      const result = await convertFile(input, { ...options, decisions: new Map(asked.map((d) => [d.id, d.choices[0]!.id])) });
      expect(result.ok).toBe(true);
      for (const f of result.files.filter((x) => x.path.startsWith('databases/'))) expect(JSON.parse(f.content).enable_shared_bucket_access, f.path).toBe(true);
    });
  }

  for (const [file, outcome] of expected) {
    it(`${file}: ${outcome === CONVERTS ? 'converts' : `refused (${outcome.join(', ')})`}`, async () => {
      const input = path.join(corpus, file);
      const options = { cwd: path.dirname(input), lint: { remote: false, target: TABLE_TARGET } };
      const asked = (await convertFile(input, options)).conversion?.decisions ?? [];
      const result = await convertFile(input, { ...options, decisions: new Map(asked.map((d) => [d.id, d.choices[0]!.id])) });
      const errors = result.result.diagnostics.filter(isConversionBlocker);
      if (outcome !== CONVERTS) {
        expect(result.ok).toBe(false);
        expect(errors.map((d) => d.rule).filter((rule) => outcome.includes(rule)), JSON.stringify(errors, null, 1)).not.toEqual([]);
        return;
      }
      expect(errors).toEqual([]);
      expect(result.ok).toBe(true);
      const out = await fs.mkdtemp(path.join(os.tmpdir(), 'sgconf-corpus-'));
      try {
        await writeToDirectory(out, result.files, { force: true });
        // enable_shared_bucket_access false is what the conversion writes on purpose for databases that did not
        // set it (with an info): 3.3 loads it with a deprecation warning.
        // principals/*.json are bodies for the _user/_role endpoints, not gateway configs; the kind detector
        // still takes them for database configs (reported to the pipeline owner), so they are left out here.
        const targets = ['bootstrap.json', ...(result.files.some((f) => f.path.startsWith('databases/')) ? ['databases'] : [])];
        const report = await lintPaths(targets.map((t) => path.join(out, t)), { env: null, remote: false, cwd: out, target: TABLE_TARGET });
        const outputErrors = report.results.flatMap((r) => r.diagnostics.filter(isConversionBlocker).map((d) => `${r.file}: ${d.rule} ${d.message}`));
        expect(outputErrors).toEqual([]);
        const configs = result.files.filter((f) => f.path === 'bootstrap.json' || f.path.startsWith('databases/'));
        expect(report.results.map((r) => r.kind).sort()).toEqual(configs.map((f) => (f.path === 'bootstrap.json' ? 'bootstrap' : 'database')).sort());
      } finally {
        await fs.rm(out, { recursive: true, force: true });
      }
    });
  }
});
