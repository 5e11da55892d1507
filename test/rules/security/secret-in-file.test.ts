import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/security/secret-in-file.js';

runRuleTests(rule, {
  valid: [
    { name: 'references, whole or in part', kind: 'bootstrap', config: '{"bootstrap": {"server": "couchbases://cb", "username": "sg", "password": "${SG_PASSWORD}"}, "database_credentials": {"db": {"password": "pre-${DB_PW}"}}}', options: { env: { SG_PASSWORD: 'a-secret-value', DB_PW: 'x' } } },
    { name: 'a placeholder of an env file', kind: 'bootstrap', config: '{"bootstrap": {"server": "couchbases://cb", "username": "sg", "password": "$SG_PASSWORD"}}', options: { env: {}, placeholders: new Set(['SG_PASSWORD']) } },
    { name: '2.8 reads "$" as text: no reference to write (2.8/3.0 boundary)', kind: 'legacy', config: { databases: { db: { server: 'couchbases://cb', username: 'u', password: 'literal' } } }, options: { target: '2.8' } },
    { name: 'an empty value and paths to key files', kind: 'bootstrap', config: { bootstrap: { server: 'couchbases://cb', password: '', x509_key_path: '/etc/sg/key.pem' } } },
  ],
  invalid: [
    {
      name: 'a legacy file\'s bucket, user and replication secrets (2.8/3.0 boundary)', kind: 'legacy', options: { target: '3.0' },
      config: { databases: { db: { server: 'couchbases://cb', username: 'u', password: 'bucket-pw', users: { ann: { password: 'ann-pw' } }, replications: { r1: { replication_id: 'r1', remote: 'https://h/db', direction: 'pull', username: 'x', password: 'rp' } } } } },
      errors: [
        { pointer: '/databases/db/password', severity: 'info', message: 'the password is written in the file, not taken from the environment' },
        { pointer: '/databases/db/users/ann/password', message: 'the password is written in the file' },
        { pointer: '/databases/db/replications/r1/password' },
      ],
    },
    { name: 'a "$$" escape is a literal "$"', kind: 'bootstrap', config: '{"bootstrap": {"server": "couchbases://cb", "username": "sg", "password": "pa$$word"}}', errors: [{ pointer: '/bootstrap/password', message: 'the password is written in the file' }] },
    { name: 'an OpenID Connect client secret', kind: 'database', config: { name: 'db', oidc: { providers: { google: { issuer: 'https://accounts.google.com', client_id: 'id', validation_key: 's3cret' } } } }, errors: [{ pointer: '/oidc/providers/google/validation_key', message: 'the validation_key is written' }] },
    { name: 'a 3.1 replication\'s remote_password', kind: 'database', config: { name: 'db', replications: { r1: { replication_id: 'r1', remote: 'https://h/db', direction: 'pull', remote_username: 'x', remote_password: 'rp' } } }, errors: [{ pointer: '/replications/r1/remote_password' }] },
  ],
});
