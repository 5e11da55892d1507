import { rule } from '../../../src/rules/source/too-deep.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

const nested = (depth: number) => `{"databases": {"db": {"x": ${'['.repeat(depth)}${']'.repeat(depth)}}}}`;

runRuleTests(rule, {
  valid: [
    { name: '500 levels read', kind: 'legacy', config: nested(500) },
  ],
  invalid: [
    { name: '100,000 nested arrays: stopped at the level that crosses the limit', kind: 'legacy', config: nested(100_000), errors: [{ pointer: '', message: 'nested more than 512 levels', line: 1, column: 28 + 509 }] },
    { name: 'nested objects', kind: 'database', config: `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`, errors: [{ pointer: '' }] },
  ],
});
