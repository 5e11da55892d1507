import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/query-pagination-limit.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: { name: 'db', query_pagination_limit: 2 } },
    { name: '0 means the default', kind: 'database', config: { name: 'db', query_pagination_limit: 0 } },
    { name: 'the new key wins over the deprecated one (which schema/deprecated reports)', kind: 'database', config: { name: 'db', query_pagination_limit: 100, cache: { channel_cache: { query_limit: 1 } } } },
  ],
  invalid: [
    { name: 'reference example 46', kind: 'database', config: { name: 'db', query_pagination_limit: 1 }, errors: [{ pointer: '/query_pagination_limit', severity: 'error' }] },
    { name: 'query_pagination_limit 0 leaves the deprecated key in force', kind: 'database', config: { name: 'db', query_pagination_limit: 0, cache: { channel_cache: { query_limit: 1 } } }, errors: [{ pointer: '/cache/channel_cache/query_limit', message: 'query_pagination_limit 0 leaves the deprecated query_limit in force' }] },
    { name: '2.8 takes query_limit when above 0, with no lower bound: a note for the upgrade', kind: 'legacy', options: { target: '2.8' }, config: { databases: { db: { cache: { channel_cache: { query_limit: 1 } } } } }, errors: [{ pointer: '/databases/db/cache/channel_cache/query_limit', severity: 'info', message: 'is below 2 (refused by 3.0)' }] },
    { name: 'the deprecated key counts when the new one is unset', kind: 'legacy', config: { databases: { db: { cache: { channel_cache: { query_limit: 1 } } } } }, errors: [{ pointer: '/databases/db/cache/channel_cache/query_limit' }] },
  ],
});
