import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup, nonEmptyString, validated } from '../../document/databases.js';
import { isObject, joinPointer, type JsonValue } from '../../types.js';
import { fieldKnownTo } from '../../schema/release-fields.js';
import { JWK_OKP_CURVE, JWK_PUBLIC_KEY_TYPES, JWK_SYMMETRIC_KEY_TYPE, localJwtAlgorithm, localJwtAlgorithmsOf } from '../../releases/jwt.js';

export const rule: Rule = {
  id: 'database/local-jwt',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'Local JWT providers the gateway rejects: no issuer, no client_id, no algorithms or one the target does not support, neither or both of keys and jwks_uri, keys without kid or alg, private, symmetric or unreadable keys; and keys it never verifies with.',
  check(context) {
    const { kind, target: release } = context;
    for (const db of databaseEntries(context.kind, context.document)) {
      const providers = lookup(db.config, db.pointer, 'local_jwt');
      // A release without local providers does not read them: the schema says so, once.
      if (!providers || !isObject(providers.value) || !fieldKnownTo(kind, providers.pointer, release)) continue;
      for (const [name, provider] of Object.entries(providers.value)) {
        if (!isObject(provider)) continue;
        const pointer = joinPointer(providers.pointer, name);
        const problem = (at: string, text: string, target: 'key' | 'value' = 'value', why = ''): void =>
          context.report(validated(db, context, { pointer: at, target, message: `${dbLabel(db)}: local JWT provider "${name}" ${text}`, detail: `${why}The gateway rejects the database.` }));
        const issuer = lookup(provider, pointer, 'issuer');
        if (!nonEmptyString(issuer?.value)) problem(issuer?.pointer ?? pointer, 'has no issuer', issuer ? 'value' : 'key');
        // An empty client_id is allowed (it turns audience checks off); an absent one is not.
        if (!lookup(provider, pointer, 'client_id')) problem(pointer, 'has no client_id', 'key', 'Write "client_id": "" to turn audience checks off on purpose. ');
        const algorithms = lookup(provider, pointer, 'algorithms');
        const algs = Array.isArray(algorithms?.value) ? algorithms!.value : [];
        if (algs.length === 0) problem(algorithms?.pointer ?? pointer, 'lists no algorithms', algorithms ? 'value' : 'key');
        algs.forEach((alg, i) => {
          if (typeof alg !== 'string') return;
          const support = localJwtAlgorithm(alg, release);
          if (support.accepted) return;
          const text = support.from ? `lists the algorithm "${alg}", which ${release} does not support (${support.from} and later do)` : `lists the algorithm "${alg}", which the gateway does not support`;
          problem(joinPointer(algorithms!.pointer, i), text, 'value', `The algorithms ${release} supports, written exactly so: ${localJwtAlgorithmsOf(release).join(', ')}. `);
        });
        const keys = lookup(provider, pointer, 'keys');
        const jwksUri = lookup(provider, pointer, 'jwks_uri');
        const keyList = Array.isArray(keys?.value) ? keys!.value : [];
        if (keyList.length === 0 && !nonEmptyString(jwksUri?.value)) problem(pointer, 'has neither keys nor jwks_uri', 'key');
        if (keyList.length > 0 && nonEmptyString(jwksUri?.value)) problem(jwksUri!.pointer, 'has both keys and jwks_uri: give one of them', 'key');
        keyList.forEach((key: JsonValue, i) => {
          if (!isObject(key)) return;
          const at = joinPointer(keys!.pointer, i);
          if (keyList.length > 1 && !nonEmptyString(key.kid)) problem(at, 'has several keys and this one has no kid');
          const keyType = readableKeyType(key);
          if (keyType !== null) problem(at, keyType, 'value', `Its JWK reader fails on the key: copy the key as the identity provider publishes it, with "kty" ${JWK_PUBLIC_KEY_TYPES.map((t) => `"${t}"`).join(', ')} ("OKP" with "crv": "${JWK_OKP_CURVE}"). `);
          if (key.kty === JWK_SYMMETRIC_KEY_TYPE) problem(at, 'has a symmetric key (kty "oct"): give a public key');
          if (!nonEmptyString(key.alg)) problem(at, 'has a key without alg');
          else if (algs.length > 0 && !algs.includes(key.alg)) {
            // Loaded, but never used: a token's alg must be one of the provider's algorithms and the key's own.
            context.report(validated(db, context, {
              pointer: joinPointer(at, 'alg'), severity: 'warning',
              message: `${dbLabel(db)}: local JWT provider "${name}" has a key with alg "${String(key.alg)}", which its algorithms do not list`,
              detail: 'The gateway verifies a token only with a key whose alg is the token\'s, and only if its algorithms list that alg, so it never verifies with this key. Add the alg to algorithms, or fix the key\'s alg.',
            }));
          }
          // Private key material (d, p, q ...) makes it a private key: only public keys are accepted.
          if ('d' in key || 'p' in key || 'q' in key) problem(at, 'has a private key (it holds "d"): give only the public key');
        });
      }
    }
  },
};

/** Why the gateway's JWK reader fails on this key (what it says about the key type), or null when it reads it. */
function readableKeyType(key: Record<string, JsonValue>): string | null {
  const { kty, crv } = key;
  if (!nonEmptyString(kty)) return 'has a key without kty';
  if (kty === JWK_SYMMETRIC_KEY_TYPE) return null;
  if (!JWK_PUBLIC_KEY_TYPES.includes(kty)) return `has a key of type "${kty}", which the gateway cannot read (${JWK_PUBLIC_KEY_TYPES.join(', ')})`;
  if (kty === 'OKP' && crv !== JWK_OKP_CURVE) return `has an OKP key on curve "${String(crv)}", not ${JWK_OKP_CURVE}`;
  return null;
}
