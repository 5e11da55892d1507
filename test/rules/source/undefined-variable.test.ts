import { rule } from '../../../src/rules/source/undefined-variable.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: "{\"bucket\": \"${B:-travel}\"}" },
    { kind: 'database', config: "{\"bucket\": \"cost$$\"}" },
  ],
  invalid: [
    { kind: 'database', config: "{\"bucket\": \"${B}\"}", errors: [{ pointer: "", message: "environment variable \"B\" is not defined" }] },
    { kind: 'database', config: "{\"bucket\": \"b\", \"sync\": \"function(doc){ var s = doc.a.replace(/x/, \\\"$1\\\"); }\"}", errors: [{ pointer: "/sync", message: "$$1" }] },
  ],
});
