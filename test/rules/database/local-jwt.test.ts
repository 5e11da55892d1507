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
    { name: 'every algorithm 4.1 supports, an Ed25519 key', kind: 'database', config: db({ ...OK, algorithms: ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512', 'EdDSA'], keys: [KEY, { kty: 'OKP', crv: 'Ed25519', kid: 'k2', alg: 'EdDSA', x: 'AAAA' }] }) },
    { name: 'EdDSA in 3.3 (from its patch 3.3.4; the line is judged as its newest patch)', kind: 'database', config: db({ ...OK, algorithms: ['EdDSA'], keys: [{ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', x: 'AAAA' }] }), options: { target: '3.3' } },
  ],
  invalid: [
    { name: 'no issuer', kind: 'database', config: db({ ...OK, issuer: '' }), errors: [{ pointer: '/local_jwt/mine/issuer', message: 'has no issuer' }] },
    { name: 'absent client_id', kind: 'database', config: db({ issuer: OK.issuer, algorithms: OK.algorithms, keys: OK.keys }), errors: [{ pointer: '/local_jwt/mine', message: 'has no client_id' }] },
    { name: 'no algorithms', kind: 'database', config: db({ ...OK, algorithms: [] }), errors: [{ pointer: '/local_jwt/mine/algorithms', message: 'lists no algorithms' }] },
    { name: 'HMAC algorithm (and the key\'s RS256 is no longer listed)', kind: 'database', config: db({ ...OK, algorithms: ['HS256'] }), errors: [
      { pointer: '/local_jwt/mine/algorithms/0', message: 'algorithm "HS256", which the gateway does not support' },
      { pointer: '/local_jwt/mine/keys/0/alg', severity: 'warning', message: 'alg "RS256", which its algorithms do not list' },
    ] },
    { name: 'names are matched exactly', kind: 'database', config: db({ ...OK, algorithms: ['RS256', 'rs256', 'none', 'asdf'] }), errors: [
      { pointer: '/local_jwt/mine/algorithms/1', message: '"rs256", which the gateway does not support' },
      { pointer: '/local_jwt/mine/algorithms/2', message: '"none"' },
      { pointer: '/local_jwt/mine/algorithms/3', message: '"asdf"' },
    ] },
    { name: 'EdDSA before 3.3', kind: 'database', config: db({ ...OK, algorithms: ['RS256', 'EdDSA'] }), options: { target: '3.2' }, errors: [
      { pointer: '/local_jwt/mine/algorithms/1', message: '"EdDSA", which 3.2 does not support (3.3 and later do)' },
    ] },
    { name: 'keys the gateway cannot read, and a symmetric one', kind: 'database', config: db({ ...OK, keys: [
      { kid: 'a', alg: 'RS256', n: 'x', e: 'AQAB' },
      { kty: 'rsa', kid: 'b', alg: 'RS256', n: 'x', e: 'AQAB' },
      { kty: 'OKP', crv: 'X25519', kid: 'c', alg: 'RS256', x: 'AAAA' },
      { kty: 'oct', kid: 'd', alg: 'RS256', k: 'c2VjcmV0' },
    ] }), errors: [
      { pointer: '/local_jwt/mine/keys/0', message: 'a key without kty' },
      { pointer: '/local_jwt/mine/keys/1', message: 'type "rsa", which the gateway cannot read' },
      { pointer: '/local_jwt/mine/keys/2', message: 'curve "X25519", not Ed25519' },
      { pointer: '/local_jwt/mine/keys/3', message: 'symmetric key' },
    ] },
    { name: 'neither keys nor jwks_uri', kind: 'database', config: db({ ...OK, keys: undefined }), errors: [{ pointer: '/local_jwt/mine', message: 'neither keys nor jwks_uri' }] },
    { name: 'both keys and jwks_uri', kind: 'legacy', config: { databases: { db: { server: 'couchbases://cb', enable_shared_bucket_access: true, local_jwt: { mine: { ...OK, jwks_uri: 'https://i/jwks' } } } }, disable_persistent_config: true }, errors: [{ pointer: '/databases/db/local_jwt/mine/jwks_uri', message: 'both keys and jwks_uri' }] },
    { name: 'two keys, one without kid; a key without alg; a private key', kind: 'database', config: db({ ...OK, keys: [KEY, { kty: 'RSA', n: 'x', e: 'AQAB', d: 'secret' }] }), errors: [
      { pointer: '/local_jwt/mine/keys/1', message: 'no kid' },
      { pointer: '/local_jwt/mine/keys/1', message: 'without alg' },
      { pointer: '/local_jwt/mine/keys/1', message: 'private key' },
    ] },
  ],
});
