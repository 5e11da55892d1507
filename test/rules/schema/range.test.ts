import { rule } from '../../../src/rules/schema/range.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: "{\"bucket\": \"b\", \"import_partitions\": 1024}" },
  ],
  invalid: [
    { kind: 'database', config: "{\"bucket\": \"b\", \"import_partitions\": 0}", errors: [{ pointer: "/import_partitions", message: ">= 1" }] },
  ],
});
