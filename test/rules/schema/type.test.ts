import { rule } from '../../../src/rules/schema/type.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

runRuleTests(rule, {
  valid: [
    { kind: 'bootstrap', config: "{\"bootstrap\": {\"server\": \"couchbases://cb\", \"config_update_frequency\": \"10s\"}}" },
  ],
  invalid: [
    { kind: 'database', config: "{\"bucket\": \"b\", \"revs_limit\": \"20\"}", errors: [{ pointer: "/revs_limit", message: "quoted numbers" }] },
    { kind: 'bootstrap', config: "{\"bootstrap\": {\"server\": \"couchbases://cb\", \"config_update_frequency\": 10}}", errors: [{ pointer: "/bootstrap/config_update_frequency", message: "duration string" }] },
    { kind: 'legacy', config: "{\"databases\": {\"db\": null}}", errors: [{ pointer: "/databases/db", message: "crashes" }] },
  ],
});
