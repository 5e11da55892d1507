import { rule } from '../../../src/rules/source/bom.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: "{\"bucket\": \"b\"}" },
  ],
  invalid: [
    { kind: 'database', config: "\ufeff{\"bucket\": \"b\"}", errors: [{ pointer: "", message: "byte order mark" }] },
  ],
});
