import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/security/interface-authentication.js';

runRuleTests(rule, {
  valid: [
    { kind: 'bootstrap', config: { bootstrap: { server: 'couchbases://h' }, api: { admin_interface: '0.0.0.0:4985' } } },
    { kind: 'legacy', config: { admin_interface_authentication: true, databases: {} } },
    { name: 'a legacy admin interface beyond loopback: credentials asked from 3.0', kind: 'legacy', config: { adminInterface: '0.0.0.0:4985', databases: {} } },
    { name: '2.8, the default loopback interfaces', kind: 'legacy', config: { databases: {} }, options: { target: '2.8' } },
    { name: '2.8, interfaces bound to loopback', kind: 'legacy', config: { adminInterface: 'localhost:4985', metricsInterface: '127.0.0.1:4986', databases: {} }, options: { target: '2.8' } },
  ],
  invalid: [
    { name: 'loopback: warning', kind: 'bootstrap', config: { api: { admin_interface_authentication: false } }, errors: [{ pointer: '/api/admin_interface_authentication', severity: 'warning' }] },
    { name: 'every interface: error', kind: 'bootstrap', config: { api: { admin_interface: ':4985', admin_interface_authentication: false } }, errors: [{ pointer: '/api/admin_interface_authentication', severity: 'error', message: 'every network interface' }] },
    { name: 'metrics on a LAN address', kind: 'bootstrap', config: { api: { metrics_interface: '10.0.0.5:4986', metrics_interface_authentication: false } }, errors: [{ pointer: '/api/metrics_interface_authentication', severity: 'error' }] },
    // rest/handler.go@2.8.4: no credentials on the admin or metrics interface.
    { name: '2.8: an admin interface beyond loopback takes no credentials', kind: 'legacy', config: { adminInterface: ':4985', databases: {} }, options: { target: '2.8' }, errors: [{ pointer: '/adminInterface', severity: 'warning', message: 'the admin interface listens on ":4985" (every network interface), and this release\'s admin API takes no credentials' }] },
    { name: '2.8: the metrics interface on a LAN address', kind: 'legacy', config: { metricsInterface: '10.0.0.5:4986', databases: {} }, options: { target: '2.8' }, errors: [{ pointer: '/metricsInterface', severity: 'warning', message: 'metrics API takes no credentials' }] },
    { name: 'legacy keys', kind: 'legacy', config: { adminInterface: '0.0.0.0:4985', admin_interface_authentication: false, databases: {} }, errors: [{ pointer: '/admin_interface_authentication', severity: 'error' }] },
  ],
});
