import { rule } from '../../../src/rules/schema/kind-unknown-to-target.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

runRuleTests(rule, {
  valid: [
    { name: '3.0 reads database configs (2.8/3.0 boundary)', kind: 'database', config: { name: 'db', bucket: 'b' }, options: { target: '3.0' } },
    { name: 'a legacy config under 2.8', kind: 'legacy', config: { databases: { db: { server: 'couchbases://cb' } } }, options: { target: '2.8' } },
  ],
  invalid: [
    { kind: 'database', config: { name: 'db', bucket: 'b' }, options: { target: '2.8' }, errors: [{ pointer: '', severity: 'error', message: 'database config, which 2.8 cannot read' }] },
    { kind: 'bootstrap', config: { bootstrap: { server: 'couchbases://cb' } }, options: { target: '2.8' }, errors: [{ pointer: '', message: 'startup (bootstrap) config' }] },
  ],
});
