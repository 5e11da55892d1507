import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup, nonEmptyString, validated } from '../../document/databases.js';
import { isObject, joinPointer, type JsonValue } from '../../types.js';

// Local providers verify with public keys only: symmetric (HMAC) algorithms and "none" cannot work.
const UNSUPPORTED = /^(HS\d+|none)$/i;

export const rule: Rule = {
  id: 'database/local-jwt',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'Local JWT providers the gateway rejects: no issuer, no client_id, no algorithms, neither or both of keys and jwks_uri, keys without kid or alg, private or unsupported keys.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      const providers = lookup(db.config, db.pointer, 'local_jwt');
      if (!providers || !isObject(providers.value)) continue;
      for (const [name, provider] of Object.entries(providers.value)) {
        if (!isObject(provider)) continue;
        const pointer = joinPointer(providers.pointer, name);
        const problem = (at: string, text: string, target: 'key' | 'value' = 'value', why = ''): void =>
          context.report(validated(db, context.document, { pointer: at, target, message: `${dbLabel(db)}: local JWT provider "${name}" ${text}`, detail: `${why}The gateway rejects the database.` }));
        const issuer = lookup(provider, pointer, 'issuer');
        if (!nonEmptyString(issuer?.value)) problem(issuer?.pointer ?? pointer, 'has no issuer', issuer ? 'value' : 'key');
        // An empty client_id is allowed (it turns audience checks off); an absent one is not.
        if (!lookup(provider, pointer, 'client_id')) problem(pointer, 'has no client_id', 'key', 'Write "client_id": "" to turn audience checks off on purpose. ');
        const algorithms = lookup(provider, pointer, 'algorithms');
        const algs = Array.isArray(algorithms?.value) ? algorithms!.value : [];
        if (algs.length === 0) problem(algorithms?.pointer ?? pointer, 'lists no algorithms', algorithms ? 'value' : 'key');
        algs.forEach((alg, i) => {
          if (typeof alg === 'string' && UNSUPPORTED.test(alg)) problem(joinPointer(algorithms!.pointer, i), `lists the unsupported algorithm "${alg}"`, 'value', 'Local providers verify public-key signatures only, such as RS256 or ES256. ');
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
          if (!nonEmptyString(key.alg)) problem(at, 'has a key without alg');
          else if (UNSUPPORTED.test(key.alg as string)) problem(joinPointer(at, 'alg'), `has a key with the unsupported alg "${String(key.alg)}"`);
          // Private key material (d, p, q ...) makes it a private key: only public keys are accepted.
          if ('d' in key || 'p' in key || 'q' in key) problem(at, 'has a private key (it holds "d"): give only the public key');
        });
      }
    }
  },
};
