import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/security/interface-authentication.js';

runRuleTests(rule, {
  valid: [
    { kind: 'bootstrap', config: { bootstrap: { server: 'couchbases://h' }, api: { admin_interface: '0.0.0.0:4985' } } },
    { kind: 'legacy', config: { admin_interface_authentication: true, databases: {} } },
  ],
  invalid: [
    { name: 'loopback: warning', kind: 'bootstrap', config: { api: { admin_interface_authentication: false } }, errors: [{ pointer: '/api/admin_interface_authentication', severity: 'warning' }] },
    { name: 'every interface: error', kind: 'bootstrap', config: { api: { admin_interface: ':4985', admin_interface_authentication: false } }, errors: [{ pointer: '/api/admin_interface_authentication', severity: 'error', message: 'every network interface' }] },
    { name: 'metrics on a LAN address', kind: 'bootstrap', config: { api: { metrics_interface: '10.0.0.5:4986', metrics_interface_authentication: false } }, errors: [{ pointer: '/api/metrics_interface_authentication', severity: 'error' }] },
    { name: 'legacy keys', kind: 'legacy', config: { adminInterface: '0.0.0.0:4985', admin_interface_authentication: false, databases: {} }, errors: [{ pointer: '/admin_interface_authentication', severity: 'error' }] },
  ],
});
