import type { Rule } from '../types.js';
import { lookup, nonEmptyString } from '../../document/databases.js';
import { isObject, joinPointer } from '../../types.js';

export const rule: Rule = {
  id: 'bootstrap/credentials-x509-and-password',
  severity: 'error',
  kinds: ['bootstrap'],
  description: 'A credentials entry with both an X.509 path and a username or password: an error for bucket_credentials, ignored password for database_credentials.',
  check(context) {
    for (const section of ['bucket_credentials', 'database_credentials'] as const) {
      const map = lookup(context.document, '', section);
      if (!map || !isObject(map.value)) continue;
      for (const [name, entry] of Object.entries(map.value)) {
        if (!isObject(entry)) continue;
        const base = joinPointer(map.pointer, name);
        const x509 = ['x509_cert_path', 'x509_key_path'].map((k) => lookup(entry, base, k)).find((f) => nonEmptyString(f?.value));
        const password = ['username', 'password'].map((k) => lookup(entry, base, k)).find((f) => nonEmptyString(f?.value));
        if (!x509 || !password) continue;
        if (section === 'bucket_credentials') {
          context.report({ pointer: base, target: 'key', message: `bucket_credentials "${name}" has both an X.509 certificate and a username/password`, detail: 'The gateway refuses to start. Keep one way of authenticating.' });
        } else {
          context.report({ pointer: base, target: 'key', severity: 'warning', message: `database_credentials "${name}" has both an X.509 certificate and a username/password`, detail: 'The gateway warns and uses X.509, ignoring the username and password. Remove the ones you do not use.' });
        }
      }
    }
  },
};
