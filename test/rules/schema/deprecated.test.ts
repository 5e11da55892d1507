import { rule } from '../../../src/rules/schema/deprecated.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: "{\"bucket\": \"b\", \"index\": {\"num_replicas\": 1}}" },
    // The replacement index.num_replicas arrived in 3.3: for 3.2 the old key is the only way, not a deprecation.
    { name: 'the replacement is unknown to the target', kind: 'database', config: '{"bucket": "b", "num_index_replicas": 1}', options: { target: '3.2' } },
    { name: 'a legacy file for 2.8: remote_username arrived in 3.1', kind: 'legacy', config: '{"databases": {"db": {"server": "couchbases://cb", "replications": {"r": {"replication_id": "r", "remote": "https://sg2/db", "direction": "pull", "username": "u"}}}}}', options: { target: '2.8' } },
  ],
  invalid: [
    { kind: 'database', config: "{\"bucket\": \"b\", \"num_index_replicas\": 1}", errors: [{ pointer: "/num_index_replicas", message: "deprecated" }] },
    { name: 'from 3.3, which knows index.num_replicas', kind: 'database', config: '{"bucket": "b", "num_index_replicas": 1}', options: { target: '3.3' }, errors: [{ pointer: '/num_index_replicas', message: 'Use index.num_replicas' }] },
  ],
});
