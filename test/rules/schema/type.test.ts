import { rule } from '../../../src/rules/schema/type.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

runRuleTests(rule, {
  valid: [
    { kind: 'bootstrap', config: "{\"bootstrap\": {\"server\": \"couchbases://cb\", \"config_update_frequency\": \"10s\"}}" },
    // A float field takes a fraction or an exponent as Go's decoder does.
    { name: 'a float field written 1.0', kind: 'database', config: '{"bucket": "b", "compact_interval_days": 1.0}' },
    { name: 'a float field written 1e1', kind: 'database', config: '{"bucket": "b", "compact_interval_days": 1e1}' },
  ],
  invalid: [
    { kind: 'database', config: "{\"bucket\": \"b\", \"revs_limit\": \"20\"}", errors: [{ pointer: "/revs_limit", message: "quoted numbers" }] },
    { kind: 'bootstrap', config: "{\"bootstrap\": {\"server\": \"couchbases://cb\", \"config_update_frequency\": 10}}", errors: [{ pointer: "/bootstrap/config_update_frequency", message: "duration string" }] },
    { kind: 'legacy', config: "{\"databases\": {\"db\": null}}", errors: [{ pointer: "/databases/db", message: "crashes" }] },
    // Go's encoding/json refuses 30.0 and 1e3 in an integer field, and 1e309 anywhere; JSON.parse reads 30, 1000, Infinity.
    { name: 'an integer field written 30.0', kind: 'database', config: '{"bucket": "b", "revs_limit": 30.0}', errors: [{ pointer: '/revs_limit', message: 'not 30.0' }] },
    { name: 'an integer field written 1e3', kind: 'database', config: '{"bucket": "b", "cache": {"rev_cache": {"size": 1e3}}}', errors: [{ pointer: '/cache/rev_cache/size', message: 'cannot unmarshal number 1e3' }] },
    { name: 'a number out of a double\'s range', kind: 'database', config: '{"bucket": "b", "old_rev_expiry_seconds": 1e309}', errors: [{ pointer: '/old_rev_expiry_seconds', message: /is 1e309, beyond the range(?![^]*not Infinity)/ }] },
  ],
});
