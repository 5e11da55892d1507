import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/local-jwt.js';

const KEY = { kty: 'RSA', kid: 'k1', alg: 'RS256', n: 'sXch', e: 'AQAB' };
const OK = { issuer: 'https://issuer.example.com', client_id: 'app', algorithms: ['RS256'], keys: [KEY] };
const db = (provider: object) => ({ name: 'db', local_jwt: { mine: provider } });

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: db(OK) },
    { name: 'jwks_uri instead of keys, empty client_id turns audience checks off', kind: 'database', config: db({ issuer: 'https://i', client_id: '', algorithms: ['ES256'], jwks_uri: 'https://i/.well-known/jwks.json' }) },
    { name: 'one key needs no kid', kind: 'database', config: db({ ...OK, keys: [{ ...KEY, kid: undefined }] }) },
  ],
  invalid: [
    { name: 'no issuer', kind: 'database', config: db({ ...OK, issuer: '' }), errors: [{ pointer: '/local_jwt/mine/issuer', message: 'has no issuer' }] },
    { name: 'absent client_id', kind: 'database', config: db({ issuer: OK.issuer, algorithms: OK.algorithms, keys: OK.keys }), errors: [{ pointer: '/local_jwt/mine', message: 'has no client_id' }] },
    { name: 'no algorithms', kind: 'database', config: db({ ...OK, algorithms: [] }), errors: [{ pointer: '/local_jwt/mine/algorithms', message: 'lists no algorithms' }] },
    { name: 'HMAC algorithm', kind: 'database', config: db({ ...OK, algorithms: ['HS256'] }), errors: [{ pointer: '/local_jwt/mine/algorithms/0', message: 'unsupported algorithm "HS256"' }] },
    { name: 'neither keys nor jwks_uri', kind: 'database', config: db({ ...OK, keys: undefined }), errors: [{ pointer: '/local_jwt/mine', message: 'neither keys nor jwks_uri' }] },
    { name: 'both keys and jwks_uri', kind: 'legacy', config: { databases: { db: { server: 'couchbases://cb', enable_shared_bucket_access: true, local_jwt: { mine: { ...OK, jwks_uri: 'https://i/jwks' } } } }, disable_persistent_config: true }, errors: [{ pointer: '/databases/db/local_jwt/mine/jwks_uri', message: 'both keys and jwks_uri' }] },
    { name: 'two keys, one without kid; a key without alg; a private key', kind: 'database', config: db({ ...OK, keys: [KEY, { kty: 'RSA', n: 'x', e: 'AQAB', d: 'secret' }] }), errors: [
      { pointer: '/local_jwt/mine/keys/1', message: 'no kid' },
      { pointer: '/local_jwt/mine/keys/1', message: 'without alg' },
      { pointer: '/local_jwt/mine/keys/1', message: 'private key' },
    ] },
  ],
});
