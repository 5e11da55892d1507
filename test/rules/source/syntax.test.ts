import { rule } from '../../../src/rules/source/syntax.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: "{\"bucket\": \"b\"}" },
  ],
  invalid: [
    { kind: 'database', config: "{\"bucket\": \"b\",}", errors: [{ pointer: "", message: "trailing comma" }] },
    { kind: 'database', config: "{'bucket': 'b'}", errors: [{ pointer: "", message: "double-quoted key" }] },
  ],
});
