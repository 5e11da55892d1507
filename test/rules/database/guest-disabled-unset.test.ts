import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/guest-disabled-unset.js';

const legacy = (db: object) => ({ databases: { db: { server: 'couchbases://cb', ...db } } });

runRuleTests(rule, {
  valid: [
    { name: '2.8 enables a guest without "disabled" (2.8/3.0 boundary)', kind: 'legacy', config: legacy({ users: { GUEST: { admin_channels: ['public'] } } }), options: { target: '2.8' } },
    { name: '"disabled" set either way', kind: 'legacy', config: { databases: { a: { users: { GUEST: { disabled: false } } }, b: { users: { GUEST: { disabled: true } } } } } },
    { name: 'a user named "guest" is not the guest (the name is matched exactly)', kind: 'legacy', config: legacy({ users: { guest: { password: 'pw', admin_channels: ['*'] } } }) },
    { name: 'a database config whose guest says', kind: 'database', config: { name: 'db', guest: { disabled: false, admin_channels: ['public'] } } },
    { name: 'no guest at all', kind: 'database', config: { name: 'db' } },
  ],
  invalid: [
    {
      name: 'a legacy users.GUEST under 3.0 (2.8/3.0 boundary)', kind: 'legacy', config: legacy({ users: { GUEST: { admin_channels: ['*'] } } }), options: { target: '3.0' },
      errors: [{ pointer: '/databases/db/users/GUEST', severity: 'warning', message: 'database "db": users.GUEST sets no "disabled", so 3.0 does not enable the guest' }],
    },
    { name: 'null reads as missing', kind: 'legacy', config: legacy({ users: { GUEST: { disabled: null } } }), errors: [{ pointer: '/databases/db/users/GUEST', message: 'so 4.1 does not enable' }] },
    { name: 'a database config\'s guest', kind: 'database', config: { name: 'db', guest: { admin_channels: ['public'] } }, errors: [{ pointer: '/guest', message: 'database "db": guest sets no "disabled", so a new database\'s guest stays disabled' }] },
    { name: 'a legacy-mode database\'s guest', kind: 'legacy', config: { disable_persistent_config: true, databases: { db: { guest: {} } } }, options: { target: '3.1' }, errors: [{ pointer: '/databases/db/guest', message: 'guest sets no "disabled"' }] },
  ],
});
