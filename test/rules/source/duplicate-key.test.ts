import { rule } from '../../../src/rules/source/duplicate-key.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: "{\"bucket\": \"b\", \"sync\": \"function(doc){}\"}" },
  ],
  invalid: [
    { kind: 'database', config: "{\"bucket\": \"a\", \"bucket\": \"b\"}", errors: [{ pointer: "", message: "duplicate key \"bucket\"" }] },
    { kind: 'database', config: "{\"Bucket\": \"a\", \"bucket\": \"b\"}", errors: [{ pointer: "/Bucket", message: "the same key" }] },
  ],
});
