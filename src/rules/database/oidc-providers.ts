import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup, nonEmptyString, validated } from '../../document/databases.js';
import { isObject, joinPointer } from '../../types.js';
import { underTarget } from '../../releases/index.js';

export const rule: Rule = {
  id: 'database/oidc-providers',
  severity: 'error',
  kinds: ['legacy', 'database'],
  facts: ['oidc-provider-name-underscore'],
  description: 'OpenID Connect providers the gateway rejects or skips: a name with "_", no issuer/client_id, no validation_key, none left, a shared issuer.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      const oidc = lookup(db.config, db.pointer, 'oidc');
      if (!oidc || !isObject(oidc.value)) continue;
      const providers = lookup(oidc.value, oidc.pointer, 'providers');
      const issuers = new Map<string, string>();
      let valid = 0;
      if (providers && isObject(providers.value)) {
        for (const [name, provider] of Object.entries(providers.value)) {
          const pointer = joinPointer(providers.pointer, name);
          const underscore = name.includes('_') ? context.judge('oidc-provider-name-underscore') : null;
          if (underscore) {
            context.report(validated(db, context, { pointer, target: 'key', ...underTarget(underscore, `${dbLabel(db)}: OIDC provider name "${name}" contains "_"`, 'Use "-" instead.') }));
          }
          if (!isObject(provider)) continue;
          const issuer = lookup(provider, pointer, 'issuer');
          const clientId = lookup(provider, pointer, 'client_id');
          if (!nonEmptyString(issuer?.value) || !nonEmptyString(clientId?.value)) {
            const missing = !nonEmptyString(issuer?.value) ? 'issuer' : 'client_id';
            context.report({ pointer, target: 'key', severity: 'warning', message: `${dbLabel(db)}: OIDC provider "${name}" has no ${missing}, so the gateway skips it` });
            continue;
          }
          valid++;
          if (!nonEmptyString(lookup(provider, pointer, 'validation_key')?.value)) {
            context.report({ pointer, target: 'key', severity: 'warning', message: `${dbLabel(db)}: OIDC provider "${name}" has no validation_key (the client secret)`, detail: 'The gateway warns, and the authorization-code flow (/_oidc) is not available: only tokens obtained elsewhere are accepted.' });
          }
          const other = issuers.get(issuer!.value as string);
          if (other) context.report({ pointer: issuer!.pointer, severity: 'warning', message: `${dbLabel(db)}: OIDC providers "${other}" and "${name}" use the same issuer`, detail: 'The gateway warns and cannot tell their tokens apart.' });
          else issuers.set(issuer!.value as string, name);
        }
      }
      if (valid === 0) {
        context.report(validated(db, context, { pointer: oidc.pointer, target: 'key', message: `${dbLabel(db)}: "oidc" has no usable provider (each needs issuer and client_id)`, detail: 'The gateway rejects the database. Fix the providers or remove "oidc".' }));
      }
    }
  },
};
