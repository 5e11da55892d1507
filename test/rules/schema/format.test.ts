import { rule } from '../../../src/rules/schema/format.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

runRuleTests(rule, {
  valid: [
    { kind: 'bootstrap', config: "{\"api\": {\"server_read_timeout\": \"1m30s\"}}" },
  ],
  invalid: [
    { kind: 'bootstrap', config: "{\"api\": {\"server_read_timeout\": \"90 s\"}}", errors: [{ pointer: "/api/server_read_timeout", message: "Go duration" }] },
  ],
});
