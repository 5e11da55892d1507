import { rule } from '../../../src/rules/schema/forbidden-field.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: "{\"bucket\": \"b\", \"guest\": {\"disabled\": true}}" },
  ],
  invalid: [
    { kind: 'database', config: "{\"bucket\": \"b\", \"users\": {}}", errors: [{ pointer: "/users", message: "not allowed in a persisted database config" }] },
  ],
});
