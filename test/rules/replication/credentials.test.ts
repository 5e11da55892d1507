import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/replication/credentials.js';
import { D, GOOD, L, databaseWith, legacyWith } from './fixtures.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: databaseWith({ r1: { ...GOOD, remote_username: 'u', remote_password: 'secret' } }) },
    { name: 'credentials only in the URL', kind: 'legacy', config: legacyWith({ r1: { ...GOOD, remote: 'https://u:secret@sg2/db' } }) },
  ],
  invalid: [
    { name: 'remote_username and username both set', kind: 'legacy', config: legacyWith({ r1: { ...GOOD, remote_username: 'u', username: 'v' } }), errors: [{ pointer: `${L}/r1/username`, severity: 'error', message: 'both remote_username and the old username (refused by 4.1)' }] },
    { name: 'both set, under 3.0: 3.0 refuses remote_username (schema/unknown-field), the conflict is 3.1\'s', kind: 'legacy', config: legacyWith({ r1: { ...GOOD, remote_username: 'u', username: 'v' } }), options: { target: '3.0' }, errors: [{ pointer: `${L}/r1/username`, severity: 'info', message: '(refused by 3.1)' }] },
    { name: 'a user in the URL and remote_username', kind: 'database', config: databaseWith({ r1: { ...GOOD, remote: 'https://u:secret@sg2/db', remote_username: 'u' } }), errors: [{ pointer: `${D}/r1/remote_username`, severity: 'error' }] },
    { name: 'deprecated username/password', kind: 'database', config: databaseWith({ r1: { ...GOOD, username: 'u', password: 'secret' } }), errors: [{ pointer: `${D}/r1/username`, severity: 'warning', message: '3.1 and later accept it with a deprecation warning' }] },
    { name: 'password alone is ignored', kind: 'database', config: databaseWith({ r1: { ...GOOD, remote_password: 'secret' } }), errors: [{ pointer: `${D}/r1/remote_password`, severity: 'warning', message: 'ignored' }] },
  ],
});
