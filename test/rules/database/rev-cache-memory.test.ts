import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/rev-cache-memory.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: { name: 'db', cache: { rev_cache: { max_memory_count_mb: 0 } } } },
    { kind: 'database', config: { name: 'db', cache: { rev_cache: { max_memory_count_mb: 50 } } } },
    { name: 'the largest value that does not wrap', kind: 'database', config: { name: 'db', cache: { rev_cache: { max_memory_count_mb: 4095 } } } },
    { name: 'Community Edition ignores the field', kind: 'database', config: { name: 'db', cache: { rev_cache: { max_memory_count_mb: 8192 } } }, options: { settings: { edition: 'ce' } } },
  ],
  invalid: [
    { name: 'reference example 44', kind: 'database', config: { name: 'db', cache: { rev_cache: { max_memory_count_mb: 20 } } }, errors: [{ pointer: '/cache/rev_cache/max_memory_count_mb', severity: 'error', message: 'minimum of 50' }] },
    { name: '4096 MB is 0 bytes in 32 bits: no cap', kind: 'database', config: { name: 'db', cache: { rev_cache: { max_memory_count_mb: 4096 } } }, errors: [{ pointer: '/cache/rev_cache/max_memory_count_mb', severity: 'warning', message: 'database "db": rev_cache.max_memory_count_mb 4096 wraps around: the gateway keeps no memory cap' }] },
    { name: '5000 MB keeps 904 MB', kind: 'database', config: { name: 'db', cache: { rev_cache: { max_memory_count_mb: 5000 } } }, errors: [{ pointer: '/cache/rev_cache/max_memory_count_mb', severity: 'warning', message: 'caps the cache at 904 MB' }] },
    { name: 'a legacy database', kind: 'legacy', config: { databases: { db: { server: 'couchbase://cb', cache: { rev_cache: { max_memory_count_mb: 8200 } } } } }, errors: [{ pointer: '/databases/db/cache/rev_cache/max_memory_count_mb', severity: 'warning', message: 'caps the cache at 8 MB' }] },
  ],
});
