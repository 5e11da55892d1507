import { rule } from '../../../src/rules/source/trailing-text.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: "{\"bucket\": \"a\"}\n\n" },
  ],
  invalid: [
    { kind: 'database', config: "{\"bucket\": \"a\"} x", errors: [{ pointer: "", message: "ignores the rest" }] },
  ],
});
