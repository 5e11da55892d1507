import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/principal-name.js';

const legacy = (principals: Record<string, unknown>) => ({ databases: { db: { server: 'couchbases://cb', bucket: 'b', enable_shared_bucket_access: true, ...principals } } });

runRuleTests(rule, {
  valid: [
    { name: 'names every release accepts, and the guest', kind: 'legacy', config: legacy({ users: { GUEST: { disabled: true }, ann: { password: 'pw12345' }, 'bob.smith@example.com': { password: 'pw12345' } }, roles: { 'order-clerk': {}, 'team_2+': {} } }) },
    { name: 'a non-ASCII letter, for 3.0 and later', kind: 'legacy', options: { target: '3.0' }, config: legacy({ users: { 'zoë': { password: 'pw12345' } } }) },
  ],
  invalid: [
    {
      name: 'dot segments ("." and ".."): 2.8 accepts them, 3.0 and later refuse them (and a URL path would lose them)', kind: 'legacy',
      config: legacy({ users: { '..': { password: 'pw12345' } }, roles: { '.': {} } }),
      errors: [
        { pointer: '/databases/db/users/..', severity: 'error', message: 'database "db": the user name ".." is not one the gateway accepts (refused by 4.1)' },
        { pointer: '/databases/db/roles/.', severity: 'error', message: 'the role name "." is not one the gateway accepts (refused by 4.1)' },
      ],
    },
    {
      name: 'for 2.8: an info naming the release that refuses it', kind: 'legacy', options: { target: '2.8' },
      config: legacy({ users: { _: { password: 'pw12345' } } }),
      errors: [{ pointer: '/databases/db/users/_', severity: 'info', message: '(refused by 3.0)' }],
    },
    {
      name: 'a non-ASCII letter or a space: 2.8 refuses it', kind: 'legacy', options: { target: '2.8' },
      config: legacy({ users: { 'zoë': { password: 'pw12345' } }, roles: { 'night shift': {} } }),
      errors: [
        { pointer: '/databases/db/users/zoë', severity: 'error', message: '(refused by 2.8)' },
        { pointer: '/databases/db/roles/night shift', severity: 'error', message: '(refused by 2.8)' },
      ],
    },
    {
      name: 'a slash, a colon, a comma or a backtick: every release refuses it', kind: 'legacy', options: { target: '3.3' },
      config: legacy({ users: { 'a/b': { password: 'pw12345' }, 'c:d': { password: 'pw12345' } }, roles: { 'e,f': {}, 'g`h': {} } }),
      errors: [
        { pointer: '/databases/db/users/a~1b', severity: 'error', message: 'the user name "a/b"' },
        { pointer: '/databases/db/users/c:d', severity: 'error', message: 'the user name "c:d"' },
        { pointer: '/databases/db/roles/e,f', severity: 'error', message: 'the role name "e,f"' },
        { pointer: '/databases/db/roles/g`h', severity: 'error', message: 'the role name "g`h"' },
      ],
    },
  ],
});
