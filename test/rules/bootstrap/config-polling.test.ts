import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/bootstrap/config-polling.js';

runRuleTests(rule, {
  valid: [
    { kind: 'bootstrap', config: { bootstrap: { config_update_frequency: '30s', node_heartbeat_expiry: '1m' } } },
    { name: 'defaults', kind: 'bootstrap', config: { bootstrap: { node_heartbeat_expiry: '20s' } } },
    { name: 'a frequency of half the default expiry', kind: 'bootstrap', config: { bootstrap: { config_update_frequency: '30s' } } },
  ],
  invalid: [
    { name: 'frequency 0', kind: 'bootstrap', config: { bootstrap: { config_update_frequency: '0s' } }, errors: [{ pointer: '/bootstrap/config_update_frequency', severity: 'error', message: '4.1 and later refuse it' }] },
    { name: 'frequency 0 under 4.0: an info naming 4.1 (4.0/4.1 boundary)', kind: 'bootstrap', config: { bootstrap: { config_update_frequency: '0s' } }, options: { target: '4.0' }, errors: [{ pointer: '/bootstrap/config_update_frequency', severity: 'info', message: '3.0-4.0 accept it; 4.1 and later refuse it' }] },
    { name: 'expiry against the default frequency', kind: 'bootstrap', config: { bootstrap: { node_heartbeat_expiry: '15s' } }, errors: [{ pointer: '/bootstrap/node_heartbeat_expiry', message: 'at least 20s' }] },
    { name: 'compound durations', kind: 'bootstrap', config: { bootstrap: { config_update_frequency: '1m30s', node_heartbeat_expiry: '2m' } }, errors: [{ pointer: '/bootstrap/node_heartbeat_expiry', message: 'at least 3m' }] },
    { name: 'the 60s default expiry against a slow frequency', kind: 'bootstrap', config: { bootstrap: { config_update_frequency: '45s' } }, errors: [{ pointer: '/bootstrap/config_update_frequency', severity: 'error', message: "node_heartbeat_expiry's default of 60s" }] },
    { name: 'the same under 3.3: an info', kind: 'bootstrap', config: { bootstrap: { config_update_frequency: '45s' } }, options: { target: '3.3' }, errors: [{ pointer: '/bootstrap/config_update_frequency', severity: 'info', message: '4.1 and later refuse it' }] },
  ],
});
