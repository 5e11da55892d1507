import { rule } from '../../../src/rules/schema/invalid-name.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: "{\"databases\": {\"db-1\": {\"server\": \"couchbases://cb\", \"enable_shared_bucket_access\": true}}}" },
  ],
  invalid: [
    { kind: 'legacy', config: "{\"databases\": {\"Db\": {\"server\": \"couchbases://cb\"}}}", errors: [{ pointer: "/databases/Db", message: "database name \"Db\"" }] },
  ],
});
