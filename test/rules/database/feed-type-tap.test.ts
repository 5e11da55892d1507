import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/feed-type-tap.js';

runRuleTests(rule, {
  valid: [
    { name: 'reference example 61: upper-case TAP never triggers it', kind: 'database', config: { name: 'db', feed_type: 'TAP', import_docs: true } },
    { name: 'no import', kind: 'database', config: { name: 'db', feed_type: 'tap', import_docs: false } },
  ],
  invalid: [{ kind: 'database', config: { name: 'db', feed_type: 'tap', import_docs: true }, errors: [{ pointer: '/feed_type', severity: 'error', message: 'cannot be combined with import' }] }],
});
