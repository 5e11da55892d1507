import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup, nonEmptyString, validated } from '../../document/databases.js';
import { isObject, joinPointer } from '../../types.js';
import { underTarget } from '../../releases/index.js';
import { checksOidcProvidersAtLoad } from '../../releases/oidc.js';

export const rule: Rule = {
  id: 'database/oidc-providers',
  severity: 'error',
  kinds: ['legacy', 'database'],
  facts: ['oidc-provider-name-underscore'],
  description: 'OpenID Connect providers the gateway rejects or skips: a name with "_", no issuer/client_id, no validation_key, none left, a shared issuer.',
  check(context) {
    const atLoad = checksOidcProvidersAtLoad(context.target);
    for (const db of databaseEntries(context.kind, context.document)) {
      const oidc = lookup(db.config, db.pointer, 'oidc');
      if (!oidc || !isObject(oidc.value)) continue;
      // Until the checks moved into the database validation, they ran as the database loads: a stored config too.
      const report = (finding: Parameters<typeof context.report>[0] & { message: string }) =>
        context.report(atLoad ? finding : validated(db, context, finding));
      const providers = lookup(oidc.value, oidc.pointer, 'providers');
      const issuers = new Map<string, string>();
      let valid = 0;
      if (providers && isObject(providers.value)) {
        for (const [name, provider] of Object.entries(providers.value)) {
          const pointer = joinPointer(providers.pointer, name);
          if (!isObject(provider)) continue;
          const issuer = lookup(provider, pointer, 'issuer');
          const clientId = lookup(provider, pointer, 'client_id');
          if (!nonEmptyString(issuer?.value) || !nonEmptyString(clientId?.value)) {
            const missing = !nonEmptyString(issuer?.value) ? 'issuer' : 'client_id';
            context.report({ pointer, target: 'key', severity: 'warning', message: `${dbLabel(db)}: OIDC provider "${name}" has no ${missing}, so the gateway skips it` });
            continue;
          }
          valid++;
          // Checked only for a provider the gateway does not skip.
          const underscore = name.includes('_') ? context.judge('oidc-provider-name-underscore') : null;
          if (underscore) {
            report({ pointer, target: 'key', ...underTarget(underscore, `${dbLabel(db)}: OIDC provider name "${name}" contains "_"`, 'Use "-" instead.') });
          }
          if (!nonEmptyString(lookup(provider, pointer, 'validation_key')?.value)) {
            context.report({ pointer, target: 'key', severity: 'warning', message: `${dbLabel(db)}: OIDC provider "${name}" has no validation_key (the client secret)`, detail: 'The gateway warns, and the authorization-code flow (/_oidc) is not available: only tokens obtained elsewhere are accepted.' });
          }
          const other = issuers.get(issuer!.value as string);
          if (other) context.report({ pointer: issuer!.pointer, severity: 'warning', message: `${dbLabel(db)}: OIDC providers "${other}" and "${name}" use the same issuer`, detail: 'The gateway cannot tell their tokens apart: the implicit grant flow may pick the wrong provider.' });
          else issuers.set(issuer!.value as string, name);
        }
      }
      if (valid === 0) {
        report({ pointer: oidc.pointer, target: 'key', message: `${dbLabel(db)}: "oidc" has no usable provider (each needs issuer and client_id)`, detail: 'The gateway rejects the database. Fix the providers or remove "oidc".' });
      }
    }
  },
};
