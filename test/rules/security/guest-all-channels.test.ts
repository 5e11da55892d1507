import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/security/guest-all-channels.js';

const legacy = (db: object) => ({ databases: { db: { server: 'couchbases://cb', ...db } } });

runRuleTests(rule, {
  valid: [
    { name: 'a disabled guest', kind: 'legacy', config: legacy({ users: { GUEST: { disabled: true, admin_channels: ['*'] } } }) },
    { name: 'an enabled guest with public channels only', kind: 'legacy', config: legacy({ users: { GUEST: { disabled: false, admin_channels: ['!', 'news'] } } }) },
    { name: 'no "disabled" under 3.0: not enabled by the config (2.8/3.0 boundary)', kind: 'legacy', config: legacy({ users: { GUEST: { admin_channels: ['*'] } } }), options: { target: '3.0' } },
    { name: 'a user named "guest" (database/guest-disabled-unset and credentials are other questions)', kind: 'legacy', config: legacy({ users: { guest: { password: 'guest', admin_channels: ['*'] } } }) },
    { name: 'a role with "*" that the guest does not have', kind: 'legacy', config: legacy({ users: { GUEST: { disabled: false, admin_roles: ['reader'] } }, roles: { admin: { admin_channels: ['*'] }, reader: { admin_channels: ['news'] } } }) },
  ],
  invalid: [
    {
      name: 'the admin party of the gateway\'s examples', kind: 'legacy', config: legacy({ users: { GUEST: { disabled: false, admin_channels: ['*'] } } }),
      errors: [{ pointer: '/databases/db/users/GUEST/admin_channels/0', severity: 'warning', message: 'database "db": the enabled guest user is granted every channel ("*")' }],
    },
    { name: 'no "disabled" under 2.8 enables the guest (2.8/3.0 boundary)', kind: 'legacy', config: legacy({ users: { GUEST: { admin_channels: ['news', '*'] } } }), options: { target: '2.8' }, errors: [{ pointer: '/databases/db/users/GUEST/admin_channels/1' }] },
    {
      name: 'through a collection and a role', kind: 'legacy',
      config: legacy({ users: { GUEST: { disabled: false, collection_access: { s: { c: { admin_channels: ['*'] } } }, admin_roles: ['everyone'] } }, roles: { everyone: { admin_channels: ['*'] } } }),
      errors: [
        { pointer: '/databases/db/users/GUEST/collection_access/s/c/admin_channels/0' },
        { pointer: '/databases/db/users/GUEST/admin_roles/0', message: 'granted every channel ("*") by role "everyone"' },
      ],
    },
    { name: 'a database config\'s guest', kind: 'database', config: { name: 'db', guest: { disabled: false, admin_channels: ['*'] } }, errors: [{ pointer: '/guest/admin_channels/0' }] },
  ],
});
