import { rule } from '../../../src/rules/schema/type.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

runRuleTests(rule, {
  valid: [
    { kind: 'bootstrap', config: "{\"bootstrap\": {\"server\": \"couchbases://cb\", \"config_update_frequency\": \"10s\"}}" },
    // A float field takes a fraction or an exponent as Go's decoder does.
    { name: 'a float field written 1.0', kind: 'database', config: '{"bucket": "b", "compact_interval_days": 1.0}' },
    { name: 'a float field written 1e1', kind: 'database', config: '{"bucket": "b", "compact_interval_days": 1e1}' },
    // Go decodes a plain integer up to its field's 64 bits: the largest uint64 in an unsigned field, the largest int64 in a signed one.
    { name: 'the largest uint64 in an unsigned field', kind: 'bootstrap', config: '{"bootstrap": {"server": "couchbases://cb"}, "max_file_descriptors": 18446744073709551615}' },
    { name: 'the largest int64 in a signed field', kind: 'bootstrap', config: '{"bootstrap": {"server": "couchbases://cb"}, "couchbase_keepalive_interval": 9223372036854775807}' },
  ],
  invalid: [
    { kind: 'database', config: "{\"bucket\": \"b\", \"revs_limit\": \"20\"}", errors: [{ pointer: "/revs_limit", message: "quoted numbers" }] },
    { kind: 'bootstrap', config: "{\"bootstrap\": {\"server\": \"couchbases://cb\", \"config_update_frequency\": 10}}", errors: [{ pointer: "/bootstrap/config_update_frequency", message: "duration string" }] },
    { kind: 'legacy', config: "{\"databases\": {\"db\": null}}", errors: [{ pointer: "/databases/db", message: "crashes" }] },
    // Go's encoding/json refuses 30.0 and 1e3 in an integer field, and 1e309 anywhere; JSON.parse reads 30, 1000, Infinity.
    { name: 'an integer field written 30.0', kind: 'database', config: '{"bucket": "b", "revs_limit": 30.0}', errors: [{ pointer: '/revs_limit', message: 'not 30.0' }] },
    { name: 'an integer field written 1e3', kind: 'database', config: '{"bucket": "b", "cache": {"rev_cache": {"size": 1e3}}}', errors: [{ pointer: '/cache/rev_cache/size', message: 'cannot unmarshal number 1e3' }] },
    { name: 'a huge integer written with an exponent: no "Write 1e+300"', kind: 'bootstrap', config: '{"bootstrap": {"server": "couchbases://cb"}, "max_file_descriptors": 1e300}', errors: [{ pointer: '/max_file_descriptors', message: 'not 1e300' }] },
    { name: 'an integer past uint64 in an unsigned field, and past int64 in a signed one', kind: 'bootstrap', config: '{"bootstrap": {"server": "couchbases://cb"}, "max_file_descriptors": 18446744073709551616, "couchbase_keepalive_interval": 9223372036854775808}', errors: [{ pointer: '/max_file_descriptors', message: 'is 18446744073709551616, beyond the range of a 64-bit unsigned integer' }, { pointer: '/couchbase_keepalive_interval', message: 'is 9223372036854775808, beyond the range of a 64-bit integer' }] },
    { name: 'an entry of a list is named with its index', kind: 'bootstrap', config: '{"bootstrap": {"server": "couchbases://cb"}, "logging": {"audit": {"enabled_events": [53270, 5e4]}}}', errors: [{ pointer: '/logging/audit/enabled_events/1', message: '"enabled_events[1]" must be an integer written without a fraction or an exponent, not 5e4' }] },
    { name: 'a number out of a double\'s range', kind: 'database', config: '{"bucket": "b", "old_rev_expiry_seconds": 1e309}', errors: [{ pointer: '/old_rev_expiry_seconds', message: /is 1e309, beyond the range(?![^]*not Infinity)/ }] },
  ],
});
