import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/security/tls-skip-verify.js';

runRuleTests(rule, {
  valid: [
    { kind: 'bootstrap', config: { bootstrap: { server: 'couchbases://h', server_tls_skip_verify: false } } },
    { name: 'remote_config_tls_skip_verify belongs to the functions group', kind: 'database', config: { name: 'db', unsupported: { remote_config_tls_skip_verify: true } } },
  ],
  invalid: [
    { kind: 'bootstrap', config: { bootstrap: { server: 'couchbases://h', server_tls_skip_verify: true } }, errors: [{ pointer: '/bootstrap/server_tls_skip_verify', severity: 'warning' }] },
    { kind: 'legacy', config: { server_tls_skip_verify: true, databases: { db: { server: 'couchbases://h', unsupported: { sgr_tls_skip_verify: true } } } }, errors: [{ pointer: '/server_tls_skip_verify' }, { pointer: '/databases/db/unsupported/sgr_tls_skip_verify', message: 'replication remotes' }] },
    { kind: 'database', config: { name: 'db', unsupported: { oidc_tls_skip_verify: true } }, errors: [{ pointer: '/unsupported/oidc_tls_skip_verify', message: 'OIDC' }] },
  ],
});
