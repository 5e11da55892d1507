import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/user-password-too-long.js';

const legacy = (password: string) => ({ databases: { db: { server: 'couchbases://cb', users: { ann: { password } } } } });

runRuleTests(rule, {
  valid: [
    { name: '72 bytes', kind: 'legacy', config: legacy('a'.repeat(72)) },
    { name: '36 two-byte characters are 72 bytes', kind: 'legacy', config: legacy('é'.repeat(36)) },
  ],
  invalid: [
    { name: '73 bytes: refused by 3.1 (3.0/3.1 boundary)', kind: 'legacy', config: legacy('a'.repeat(73)), options: { target: '3.1' }, errors: [{ pointer: '/databases/db/users/ann/password', severity: 'error', message: 'database "db": user "ann" has a password longer than bcrypt\'s 72 bytes (refused by 3.1)' }] },
    { name: '37 two-byte characters: the rest dropped by 3.0 (3.0/3.1 boundary)', kind: 'legacy', config: legacy('é'.repeat(37)), options: { target: '3.0' }, errors: [{ pointer: '/databases/db/users/ann/password', severity: 'warning', message: 'longer than bcrypt\'s 72 bytes (ignored by 3.0' }] },
  ],
});
