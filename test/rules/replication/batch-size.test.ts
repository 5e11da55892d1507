import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/replication/batch-size.js';
import { D, GOOD, databaseWith } from './fixtures.js';

runRuleTests(rule, {
  valid: [{ kind: 'database', config: databaseWith({ r1: { ...GOOD, batch_size: 65535 } }) }],
  invalid: [{ kind: 'database', config: databaseWith({ r1: { ...GOOD, batch_size: 70000 } }), errors: [{ pointer: `${D}/r1/batch_size`, severity: 'warning', message: 'wraps to 4464' }] }],
});
