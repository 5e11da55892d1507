import { rule } from '../../../src/rules/schema/deprecated.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: "{\"bucket\": \"b\", \"index\": {\"num_replicas\": 1}}" },
    // The replacement index.num_replicas arrived in 3.3: for 3.2 the old key is the only way, not a deprecation.
    { name: 'the replacement is unknown to the target', kind: 'database', config: '{"bucket": "b", "num_index_replicas": 1}', options: { target: '3.2' } },
    { name: 'a legacy file for 2.8: remote_username arrived in 3.1', kind: 'legacy', config: '{"databases": {"db": {"server": "couchbases://cb", "replications": {"r": {"replication_id": "r", "remote": "https://sg2/db", "direction": "pull", "username": "u"}}}}}', options: { target: '2.8' } },
    { name: 'query_limit for 2.8, which has no query_pagination_limit', kind: 'legacy', config: '{"databases": {"db": {"server": "couchbases://cb", "cache": {"channel_cache": {"query_limit": 100}}}}}', options: { target: '2.8' } },
    // No replacement, but still read and acted on by earlier releases: removing the key would change what they do.
    { name: 'pool for 2.8, which uses it as the bucket\'s pool', kind: 'legacy', config: '{"databases": {"db": {"server": "couchbases://cb", "pool": "default"}}}', options: { target: '2.8' } },
    { name: 'disable_clean_skipped_query for 3.0, which reads it', kind: 'database', config: '{"bucket": "b", "unsupported": {"disable_clean_skipped_query": true}}', options: { target: '3.0' } },
    { name: 'channel_cache.enable_star_channel for 3.1, which reads it', kind: 'database', config: '{"bucket": "b", "cache": {"channel_cache": {"enable_star_channel": true}}}', options: { target: '3.1' } },
  ],
  invalid: [
    { name: 'pool from 3.0, which sets "default" whatever it says', kind: 'legacy', config: '{"databases": {"db": {"server": "couchbases://cb", "pool": "default"}}}', options: { target: '3.0' }, errors: [{ pointer: '/databases/db/pool', message: 'deprecated' }] },
    { name: 'disable_clean_skipped_query from 3.1', kind: 'database', config: '{"bucket": "b", "unsupported": {"disable_clean_skipped_query": true}}', options: { target: '3.1' }, errors: [{ pointer: '/unsupported/disable_clean_skipped_query', message: 'deprecated' }] },
    { name: 'channel_cache.enable_star_channel from 3.2', kind: 'database', config: '{"bucket": "b", "cache": {"channel_cache": {"enable_star_channel": true}}}', options: { target: '3.2' }, errors: [{ pointer: '/cache/channel_cache/enable_star_channel', message: 'deprecated' }] },
    { name: 'query_limit from 3.0, beside query_pagination_limit', kind: 'legacy', config: '{"databases": {"db": {"server": "couchbases://cb", "cache": {"channel_cache": {"query_limit": 100}}}}}', options: { target: '3.0' }, errors: [{ pointer: '/databases/db/cache/channel_cache/query_limit', message: 'query_pagination_limit' }] },
    { kind: 'database', config: "{\"bucket\": \"b\", \"num_index_replicas\": 1}", errors: [{ pointer: "/num_index_replicas", message: "deprecated" }] },
    { name: 'from 3.3, which knows index.num_replicas', kind: 'database', config: '{"bucket": "b", "num_index_replicas": 1}', options: { target: '3.3' }, errors: [{ pointer: '/num_index_replicas', message: 'Use index.num_replicas' }] },
  ],
});
