import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/rev-cache-memory.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: { name: 'db', cache: { rev_cache: { max_memory_count_mb: 0 } } } },
    { kind: 'database', config: { name: 'db', cache: { rev_cache: { max_memory_count_mb: 50 } } } },
  ],
  invalid: [
    { name: 'reference example 44', kind: 'database', config: { name: 'db', cache: { rev_cache: { max_memory_count_mb: 20 } } }, errors: [{ pointer: '/cache/rev_cache/max_memory_count_mb', severity: 'error', message: 'minimum of 50' }] },
  ],
});
