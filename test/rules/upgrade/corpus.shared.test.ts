// Real configs by other people (../shared/corpus): the error-severity findings of the cross-field rule groups
// (replication, sgreplicate, upgrade, security, database, bootstrap) for files whose findings were read by hand
// and agreed with. Each row: file, kind, the rule ids with at least one error, and why they are right.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintText } from '../../../src/lint.js';
import type { Kind } from '../../../src/types.js';

const CORPUS = path.resolve(__dirname, '../../../../shared/corpus');
const OUR_GROUPS = /^(replication|sgreplicate|upgrade|security|database|bootstrap)\//;

const CHECKED: [file: string, kind: Kind, errors: string[], why: string][] = [
  ['HodGreeley__couchbase-lite-java-sg-replicate/primary_gateway_config.json', 'legacy', ['sgreplicate/removed', 'upgrade/shared-bucket-access-off', 'upgrade/walrus-server'], 'top-level sg-replicate array (FATAL in 3.x); no shared bucket access, which 4.0+ refuse; "walrus:" as the server the 4.1 automatic upgrade bootstraps from'],
  ['HodGreeley__Zebra-Inventory/sync-gateway.json', 'legacy', ['security/non-tls-server'], 'http://localhost:8091 becomes couchbase://localhost and fails S2'],
  ['cbl-dart__cbl_counter/sync-gateway-config.json', 'legacy', ['upgrade/database-without-server', 'upgrade/shared-bucket-access-off'], '"walrus:" written as the bucket, no server: the upgrade refuses it; shared bucket access unset'],
  ['couchbase__couchbase-lite-core/Replicator__tests__data__walrus_config_3-0.json', 'legacy', ['database/allow-conflicts', 'security/interface-authentication', 'upgrade/shared-bucket-access-off', 'upgrade/walrus-server'], 'admin API open on :4985 without auth; allow_conflicts true and shared bucket access unset (4.0+ refuse both); walrus folders, which rosmar (3.2+) cannot open'],
  ['couchbase__perfrunner/perfrunner__utils__syncgateway__configs__3.1__bootstrap_tls.json', 'bootstrap', ['security/interface-authentication'], 'admin and metrics on 0.0.0.0 with authentication off'],
  ['couchbase__sync_gateway/2.8.0/examples__democlusterconfig.json', 'legacy', ['security/non-tls-server', 'upgrade/server-mismatch', 'upgrade/shared-bucket-access-off'], 'databases on localhost and on 172.23.121.38: no automatic upgrade'],
  ['couchbaselabs__sync-gateway-tests/config__gateway_config_shadow_localhost.json', 'legacy', ['security/non-tls-server', 'upgrade/shadow', 'upgrade/shared-bucket-access-off'], 'bucket shadowing (removed in 2.7)'],
  ['couchbaselabs__sync_gateway-persistent-config-demo/sg-legacy-config__config.json', 'legacy', [], 'made for the 3.0 upgrade; compact_interval_days 90 is only a warning because the upgrade does not validate it'],
  ['couchbaselabs__sync_gateway-persistent-config-demo/sg-config.json', 'bootstrap', [], 'couchbases:// with server_tls_skip_verify (a warning only)'],
  ['couchbaselabs__mobile-training-todo/config__sync-gateway-config.json', 'legacy', ['database/scopes', 'upgrade/shared-bucket-access-off'], 'legacy mode with the _default scope, which every release with scopes refuses in legacy mode (rest/server_context.go@3.1.0-@4.1.1 "scopes are not allowed with legacy config"); 4.x loads legacy-mode databases through the same upgrade (false when unset) and refuses them'],
  ['couchbase__sync_gateway/examples__legacy_config__replications-in-config.json', 'legacy', ['security/non-tls-server', 'upgrade/shared-bucket-access-off'], 'valid ISGR replications; http:// servers; shared bucket access unset'],
  ['khanium__quickstart-sync-gateway/sgw__config__database.json', 'database', [], 'REST database payload with a custom scope'],
  ['couchbase__sync_gateway/examples__database_config__openid-connect.json', 'database', [], 'valid OIDC providers'],
  ['blaugold__cbl_mobile_sync_auth/sync-gateway-config.json', 'bootstrap', [], 'use_tls_server false: a clear-text warning, no error'],
];

describe('corpus files checked by hand (cross-field rules)', () => {
  it.each(CHECKED)('%s', async (file, kind, errors) => {
    const text = readFileSync(path.join(CORPUS, file), 'utf8');
    const result = await lintText(text, file, { kind, env: {}, remote: false });
    const found = [...new Set(result.diagnostics.filter((d) => OUR_GROUPS.test(d.rule) && d.severity === 'error').map((d) => d.rule))].sort();
    expect(found).toEqual([...errors].sort());
  });
});

// The guest user's findings on corpus files, read by hand: which rule, where, for which target.
const GUEST: [file: string, target: '2.8' | '4.1', found: [rule: string, pointer: string][], why: string][] = [
  ['waynecarter__digital-display/sync-gateway-config.json', '4.1', [['database/guest-disabled-unset', '/databases/gate-display/users/GUEST']], 'GUEST with "*" and no "disabled": enabled by 2.8, not on a new 4.1 bucket'],
  ['waynecarter__digital-display/sync-gateway-config.json', '2.8', [['security/guest-all-channels', '/databases/gate-display/users/GUEST/admin_channels/0']], 'the same file as 2.8 runs it: an anonymous reader of every channel'],
  ['couchbase__sync_gateway/examples__legacy_config__cors.json', '4.1', [['security/guest-all-channels', '/databases/db/users/GUEST/admin_channels/0']], 'the gateway\'s own example: the admin party'],
  ['couchbaselabs__CouchChat-iOS/sync-gateway-config.json', '4.1', [], 'GUEST disabled: true'],
  ['couchbase__perfrunner/perfrunner__utils__syncgateway__configs__3.1__hebe_e2e_basic_console_collection.config', '4.1', [], 'a user named "guest" is not the guest'],
];

describe('corpus files checked by hand (the guest user)', () => {
  it.each(GUEST)('%s for %s', async (file, target, expected) => {
    const text = readFileSync(path.join(CORPUS, file), 'utf8');
    const result = await lintText(text, file, { kind: 'legacy', env: {}, remote: false, target });
    const found = result.diagnostics.filter((d) => /guest/.test(d.rule)).map((d) => [d.rule, d.pointer]);
    expect(found).toEqual(expected);
  });
});
