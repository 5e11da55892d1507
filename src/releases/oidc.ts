// Where the gateway checks a database's OpenID Connect providers (a name with "_", none usable): as the
// database loads until 3.0, so a legacy file that the automatic upgrade stores is refused all the same; in
// the database validation from 3.1, which the automatic upgrade does not run (src/document/databases.ts validated).
import { stepAt, type Release } from './index.js';

export interface OidcProviderCheck {
  from: Release;
  /** Whether the checks run as the database loads (else in DbConfig.validate()). */
  atLoad: boolean;
  source: string;
}

/** Oldest first. */
export const OIDC_PROVIDER_CHECKS: readonly OidcProviderCheck[] = [
  {
    from: '2.8', atLoad: true,
    source: 'db/database.go@2.8.4 and @3.0.8.1 NewDatabaseContext ("OpenID Connect provider names cannot contain underscore", "no valid OpenID Connect providers specified"), for the providers with an issuer and a client_id',
  },
  {
    from: '3.1', atLoad: false,
    source: 'rest/config.go@3.1.11 and @4.1.1 DbConfig.validate() (the same checks, for the providers with an issuer and a client_id); db/database.go no longer makes them',
  },
];

/** Whether the target checks OIDC providers as the database loads (so a stored config is refused too). */
export function checksOidcProvidersAtLoad(target: Release): boolean {
  return (stepAt(OIDC_PROVIDER_CHECKS, target) ?? OIDC_PROVIDER_CHECKS[0]!).atLoad;
}
