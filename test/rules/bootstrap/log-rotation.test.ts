import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/bootstrap/log-rotation.js';

runRuleTests(rule, {
  valid: [
    { kind: 'bootstrap', config: { logging: { info: { rotation: { max_age: 3, rotation_interval: '24h', rotated_logs_size_limit: 10 } }, error: { rotation: { max_age: 0 } } } } },
  ],
  invalid: [
    { name: 'reference example 15', kind: 'bootstrap', config: { logging: { info: { rotation: { max_age: 1 } } } }, errors: [{ pointer: '/logging/info/rotation/max_age', severity: 'error', message: 'minimum of 3 days' }] },
    { kind: 'legacy', config: { logging: { warn: { rotation: { max_age: 30 } } }, databases: {} }, errors: [{ pointer: '/logging/warn/rotation/max_age', message: '90' }] },
    { kind: 'bootstrap', config: { logging: { debug: { rotation: { rotation_interval: '10m', rotated_logs_size_limit: 5 } } } }, errors: [{ pointer: '/logging/debug/rotation/rotation_interval' }, { pointer: '/logging/debug/rotation/rotated_logs_size_limit' }] },
  ],
});
