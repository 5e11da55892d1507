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
    { name: 'the deprecated key counts when the new one is unset', kind: 'legacy', config: { databases: { db: { cache: { channel_cache: { query_limit: 1 } } } } }, errors: [{ pointer: '/databases/db/cache/channel_cache/query_limit' }] },
  ],
});
