import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/security/empty-password.js';

const legacy = (db: object) => ({ databases: { db: { server: 'couchbases://cb', ...db } } });

runRuleTests(rule, {
  valid: [
    { name: 'allow_empty_password off (database/user-password reports the refusal)', kind: 'legacy', config: legacy({ users: { ann: { password: '' } } }) },
    { name: 'every user has a password', kind: 'legacy', config: legacy({ allow_empty_password: true, users: { ann: { password: 'secret' } } }) },
    { name: 'password sign-in turned off', kind: 'legacy', config: legacy({ allow_empty_password: true, disable_password_auth: true, users: { ann: {} } }) },
  ],
  invalid: [
    {
      name: 'an empty and a missing password', kind: 'legacy', config: legacy({ allow_empty_password: true, users: { ann: { password: '' }, bob: { admin_channels: ['x'] }, GUEST: { disabled: false } } }),
      errors: [
        { pointer: '/databases/db/users/ann/password', severity: 'warning', message: 'database "db": user "ann" signs in with an empty password' },
        { pointer: '/databases/db/users/bob', message: 'database "db": user "bob" has no password, so once created it signs in with an empty one' },
      ],
    },
    { name: '2.8 has no disable_password_auth (schema/unknown-field says so)', kind: 'legacy', config: legacy({ allow_empty_password: true, disable_password_auth: true, users: { ann: { password: '' } } }), options: { target: '2.8' }, errors: [{ pointer: '/databases/db/users/ann/password' }] },
  ],
});
