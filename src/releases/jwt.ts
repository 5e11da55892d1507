// What the gateway accepts in a local JWT provider (local_jwt, 3.1 and later): the signature algorithms it
// may list, and the keys it may hold. A line is judged as its newest patch.
import { compareReleases, type Release } from './index.js';

export const LOCAL_JWT_ALGORITHMS_SOURCE = 'auth/jwt.go SupportedAlgorithms @3.1.0, @3.3.3, @3.3.4, @4.0.3, @4.0.4 and @4.1.1; rest/config.go DbConfig.validate() @3.1.0-@4.1.1 ("signing algorithm %q invalid or unsupported": an exact, case-sensitive lookup)';

/**
 * Each algorithm name, the first line that accepts it in `algorithms`, and the patches that added it after
 * their line's first tag (their older patches refuse it). Any other name is refused by every release.
 */
export const LOCAL_JWT_ALGORITHMS: readonly (readonly [name: string, from: Release, patches?: readonly string[]])[] = [
  ['RS256', '3.1'], ['RS384', '3.1'], ['RS512', '3.1'],
  ['ES256', '3.1'], ['ES384', '3.1'], ['ES512', '3.1'],
  ['PS256', '3.1'], ['PS384', '3.1'], ['PS512', '3.1'],
  ['EdDSA', '3.3', ['3.3.4', '4.0.4']],
];

/**
 * The key types a local provider's keys may have: JSONWebKey.UnmarshalJSON of the gateway's go-jose
 * (gopkg.in/square/go-jose.v2@v2.6.0 for 3.1 to 3.2, github.com/go-jose/go-jose/v4 from 3.3: go.mod of each
 * tag) reads these and fails on any other, so the config is not read. "oct" is read, but a symmetric key is no
 * public key, which rest/config.go DbConfig.validate() refuses ("is not a public key").
 */
export const JWK_KEY_TYPES_SOURCE = 'jwk.go JSONWebKey.UnmarshalJSON of gopkg.in/square/go-jose.v2@v2.6.0 and github.com/go-jose/go-jose/v4@v4.1.4; rest/config.go DbConfig.validate() @3.1.0-@4.1.1 (IsPublic)';
export const JWK_PUBLIC_KEY_TYPES: readonly string[] = ['RSA', 'EC', 'OKP'];
export const JWK_SYMMETRIC_KEY_TYPE = 'oct';
/** The one curve an OKP key may name (both go-jose versions). */
export const JWK_OKP_CURVE = 'Ed25519';

/** Whether `release` accepts `name` in a local provider's algorithms; if not, the first release that does. */
export function localJwtAlgorithm(name: string, release: Release): { accepted: true } | { accepted: false; from?: Release } {
  const row = LOCAL_JWT_ALGORITHMS.find(([known]) => known === name);
  if (!row) return { accepted: false };
  return compareReleases(row[1], release) <= 0 ? { accepted: true } : { accepted: false, from: row[1] };
}

/** The algorithm names `release` accepts, in the table's order. */
export function localJwtAlgorithmsOf(release: Release): string[] {
  return LOCAL_JWT_ALGORITHMS.filter(([, from]) => compareReleases(from, release) <= 0).map(([name]) => name);
}
