import { rule } from '../../../src/rules/schema/deprecated.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: "{\"bucket\": \"b\", \"index\": {\"num_replicas\": 1}}" },
  ],
  invalid: [
    { kind: 'database', config: "{\"bucket\": \"b\", \"num_index_replicas\": 1}", errors: [{ pointer: "/num_index_replicas", message: "deprecated" }] },
  ],
});
