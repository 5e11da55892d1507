import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/bootstrap/config-polling.js';

runRuleTests(rule, {
  valid: [
    { kind: 'bootstrap', config: { bootstrap: { config_update_frequency: '30s', node_heartbeat_expiry: '1m' } } },
    { name: 'defaults', kind: 'bootstrap', config: { bootstrap: { node_heartbeat_expiry: '20s' } } },
  ],
  invalid: [
    { name: 'S14', kind: 'bootstrap', config: { bootstrap: { config_update_frequency: '0s' } }, errors: [{ pointer: '/bootstrap/config_update_frequency', severity: 'error', message: '(S14)' }] },
    { name: 'S15 against the default frequency', kind: 'bootstrap', config: { bootstrap: { node_heartbeat_expiry: '15s' } }, errors: [{ pointer: '/bootstrap/node_heartbeat_expiry', message: 'at least 20s' }] },
    { name: 'S15 compound durations', kind: 'bootstrap', config: { bootstrap: { config_update_frequency: '1m30s', node_heartbeat_expiry: '2m' } }, errors: [{ pointer: '/bootstrap/node_heartbeat_expiry', message: 'at least 3m' }] },
  ],
});
