// convert/principal-name: emitted by the pure converter (src/convert/database.ts).
import { describe, it } from 'vitest';
import { cb, expectFinding, expectNone } from './helpers.js';

describe('convert/principal-name', () => {
  it('reports a user named ".." (a path step) and a role with a slash', () => {
    expectFinding({ databases: { db: { server: cb, bucket: 'db', enable_shared_bucket_access: true, users: { '..': { password: 'pw12345' } } } } }, 'convert/principal-name', 'error', '/databases/db/users/..', /the user name "\.\." of database "db" is one the gateway refuses/);
    expectFinding({ databases: { db: { server: cb, bucket: 'db', enable_shared_bucket_access: true, roles: { 'a/b': {} } } } }, 'convert/principal-name', 'error', '/databases/db/roles/a~1b', /the role name "a\/b"/);
  });
  it('is quiet on names 3.x accepts and on the guest', () => {
    expectNone({ databases: { db: { server: cb, bucket: 'db', enable_shared_bucket_access: true, users: { GUEST: { disabled: true }, 'zoë': { password: 'pw12345' }, 'a.b@c': { password: 'pw12345' } } } } }, 'convert/principal-name');
  });
});
