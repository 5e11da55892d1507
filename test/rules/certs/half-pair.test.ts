import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/certs/half-pair.js';

// Config only: the files need not exist for this rule.
runRuleTests(rule, {
  valid: [
    { name: 'both halves', kind: 'bootstrap', config: { bootstrap: { server: 'couchbases://cb', x509_cert_path: '/c.pem', x509_key_path: '/k.pem' } } },
    { name: 'neither half, password auth', kind: 'bootstrap', config: { bootstrap: { server: 'couchbases://cb', username: 'sg', password: 'secret' } } },
    { name: 'empty strings count as unset', kind: 'bootstrap', config: { bootstrap: { x509_cert_path: '', x509_key_path: '' } } },
    { name: 'legacy database with both', kind: 'legacy', config: { databases: { db: { server: 'couchbases://cb', certpath: 'c.pem', keypath: 'k.pem' } } } },
    { name: 'listener pairs are not client pairs', kind: 'legacy', config: { SSLCert: 'c.pem' } },
    { name: 'bucket_credentials with a password beside half a pair: refused to start, which another rule reports', kind: 'bootstrap', config: { bucket_credentials: { b1: { x509_key_path: '/k.pem', password: 'p' } } } },
  ],
  invalid: [
    { name: 'bootstrap certificate without key', kind: 'bootstrap', config: { bootstrap: { server: 'couchbases://cb', x509_cert_path: '/c.pem' } },
      errors: [{ pointer: '/bootstrap/x509_cert_path', message: '"x509_key_path" is not set, so the gateway silently uses password authentication', severity: 'error' }] },
    { name: 'database_credentials key without certificate', kind: 'bootstrap', config: { database_credentials: { db1: { x509_key_path: '/k.pem' } } },
      errors: [{ pointer: '/database_credentials/db1/x509_key_path', message: 'database_credentials "db1"' }] },
    { name: 'bucket_credentials certificate without key', kind: 'bootstrap', config: { bucket_credentials: { b1: { x509_cert_path: '/c.pem', x509_key_path: '' } } },
      errors: [{ pointer: '/bucket_credentials/b1/x509_cert_path', message: '"x509_key_path" is not set' }] },
    { name: 'legacy database keypath only', kind: 'legacy', config: { databases: { a: { server: 'couchbases://cb', keypath: 'k.pem' }, b: { server: 'couchbases://cb' } } },
      errors: [{ pointer: '/databases/a/keypath', message: '"certpath" is not set' }] },
  ],
});
