import { rule } from '../../../src/rules/schema/unknown-field.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: "{\"Bucket\": \"b\"}" },
    { kind: 'legacy', config: "{\"Interface\": \":4984\", \"databases\": {}}" },
  ],
  invalid: [
    { kind: 'database', config: "{\"bucket\": \"b\", \"revs_limt\": 20}", errors: [{ pointer: "/revs_limt", message: "did you mean \"revs_limit\"" }] },
    { kind: 'bootstrap', config: "{\"bootsrap\": {}}", errors: [{ pointer: "/bootsrap", message: "did you mean \"bootstrap\"" }] },
  ],
});
