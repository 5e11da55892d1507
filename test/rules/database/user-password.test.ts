import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/user-password.js';

const legacy = (db: object) => ({ databases: { db: { server: 'couchbases://cb', ...db } } });

runRuleTests(rule, {
  valid: [
    { name: 'passwords of 3 bytes and more', kind: 'legacy', config: legacy({ users: { ann: { password: 'abc' }, bob: { password: 'é1' } } }) },
    { name: 'empty and missing with allow_empty_password', kind: 'legacy', config: legacy({ allow_empty_password: true, users: { ann: { password: '' }, bob: { admin_channels: ['x'] } } }) },
    { name: 'the guest has no password to check', kind: 'legacy', config: legacy({ users: { GUEST: { disabled: false } } }) },
    { name: 'an undefined variable\'s value is unknown here (source/undefined-variable says so)', kind: 'legacy', config: '{"databases": {"db": {"server": "couchbases://cb", "users": {"ann": {"password": "${ANN_PW}"}}}}}', options: { env: {} } },
  ],
  invalid: [
    {
      name: 'empty, short in bytes, missing', kind: 'legacy', config: legacy({ users: { ann: { password: '' }, bob: { password: 'pw' }, cy: { admin_channels: ['x'] }, dee: { password: null } } }),
      errors: [
        { pointer: '/databases/db/users/ann/password', severity: 'error', message: 'database "db": user "ann" has an empty password, which the gateway refuses' },
        { pointer: '/databases/db/users/bob/password', severity: 'error', message: 'database "db": user "bob" has a password shorter than 3 bytes, which the gateway refuses' },
        { pointer: '/databases/db/users/cy', severity: 'warning', message: 'database "db": user "cy" has no password, so a new database refuses to create it' },
        { pointer: '/databases/db/users/dee', severity: 'warning' },
      ],
    },
    { name: 'allow_empty_password does not allow 2 bytes', kind: 'legacy', config: legacy({ allow_empty_password: true, users: { ann: { password: 'ab' } } }), errors: [{ pointer: '/databases/db/users/ann/password', message: 'shorter than 3 bytes' }] },
  ],
});
