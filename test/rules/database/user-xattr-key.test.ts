import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/user-xattr-key.js';

runRuleTests(rule, {
  valid: [{ kind: 'database', config: { name: 'db', user_xattr_key: 'channels' } }],
  invalid: [
    { name: 'reference example 47 (CE)', kind: 'database', options: { settings: { edition: 'ce' } }, config: { name: 'db', user_xattr_key: 'channels' }, errors: [{ pointer: '/user_xattr_key', severity: 'error', message: 'Enterprise Edition only' }] },
    { kind: 'legacy', config: { databases: { db: { user_xattr_key: 'channels' } } }, errors: [{ pointer: '/databases/db/user_xattr_key', message: 'shared bucket access' }] },
  ],
});
