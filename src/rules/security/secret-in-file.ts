import type { Rule } from '../types.js';
import { expandsEnvironment } from '../../releases/reading.js';
import { isObject, joinPointer, type JsonValue } from '../../types.js';

/**
 * The fields whose value is a credential the gateway uses: bucket, user and replication passwords, and an
 * OpenID Connect provider's client secret (validation_key: auth/oidc.go@4.1.1 OIDCProvider.ValidationKey).
 */
const SECRET_FIELDS = new Set(['password', 'remote_password', 'validation_key']);

export const rule: Rule = {
  id: 'security/secret-in-file',
  severity: 'info',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A password or OpenID Connect client secret written in the file where the target would take it from its environment (${NAME}).',
  check(context) {
    const { document, target } = context;
    if (!expandsEnvironment(target)) return;
    const found: { pointer: string; key: string }[] = [];
    const walk = (value: JsonValue, pointer: string) => {
      if (Array.isArray(value)) {
        value.forEach((v, i) => walk(v, joinPointer(pointer, i)));
      } else if (isObject(value)) {
        for (const [key, v] of Object.entries(value)) {
          const at = joinPointer(pointer, key);
          if (SECRET_FIELDS.has(key) && typeof v === 'string' && v !== '') found.push({ pointer: at, key });
          else walk(v, at);
        }
      }
    };
    walk(document, '');
    for (const { pointer, key } of found) {
      if (context.holdsEnvironmentReference(pointer)) continue;
      // The place is the finding's line and pointer: the message names no user or database, whose
      // name may be the password itself; and the span is the key's, whose width tells nothing.
      context.report({
        pointer, target: 'key',
        message: `the ${key} is written in the file, not taken from the environment`,
        detail: `Whoever reads the file or its history reads the credential. ${target} expands environment references when it loads a config (a database config too, when it is PUT): write "\${NAME}" here and set NAME where the gateway runs; declare NAME with an empty value in an env file (--env-file .env.example) and sgconf checks the file without the secret.`,
      });
    }
  },
};
