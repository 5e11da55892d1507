import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/user-xattr-key.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: { name: 'db', user_xattr_key: 'channels' } },
    { name: '15 bytes', kind: 'database', config: { name: 'db', user_xattr_key: 'abcdefghijklmno' } },
  ],
  invalid: [
    { name: 'reference example 47 (CE)', kind: 'database', options: { settings: { edition: 'ce' } }, config: { name: 'db', user_xattr_key: 'channels' }, errors: [{ pointer: '/user_xattr_key', severity: 'error', message: 'Enterprise Edition only' }] },
    { kind: 'legacy', config: { databases: { db: { user_xattr_key: 'channels' } } }, errors: [{ pointer: '/databases/db/user_xattr_key', message: 'shared bucket access' }] },
    // rest/config.go@3.3.0 DbConfig.validate(): more than 15 bytes (Go's len()); 3.0-3.2 take any length.
    { name: 'more than 15 bytes, under 4.1', kind: 'database', config: { name: 'db', user_xattr_key: 'abcdefghijklmnop' }, errors: [{ pointer: '/user_xattr_key', severity: 'error', message: '16 bytes long, more than 15' }] },
    { name: '8 characters, 16 bytes', kind: 'database', config: { name: 'db', user_xattr_key: 'éééééééé' }, errors: [{ pointer: '/user_xattr_key', severity: 'error', message: '16 bytes long' }] },
    { name: 'a legacy file that the automatic upgrade stores: a warning', kind: 'legacy', config: { databases: { db: { enable_shared_bucket_access: true, user_xattr_key: 'abcdefghijklmnop' } } }, errors: [{ pointer: '/databases/db/user_xattr_key', severity: 'warning', message: '16 bytes long' }] },
    { name: 'more than 15 bytes, under 3.2: refused from 3.3', kind: 'database', options: { target: '3.2' }, config: { name: 'db', user_xattr_key: 'abcdefghijklmnop' }, errors: [{ pointer: '/user_xattr_key', severity: 'info', message: 'refused by 3.3' }] },
  ],
});
