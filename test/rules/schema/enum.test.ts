import { rule } from '../../../src/rules/schema/enum.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

runRuleTests(rule, {
  valid: [
    { kind: 'bootstrap', config: "{\"logging\": {\"console\": {\"log_level\": \"debug\"}}}" },
  ],
  invalid: [
    { kind: 'bootstrap', config: "{\"logging\": {\"console\": {\"log_level\": \"INFO\"}}}", errors: [{ pointer: "/logging/console/log_level", message: "write \"info\"" }] },
  ],
});
