import type { Rule } from '../types.js';
import { expandsEnvironment } from '../../releases/reading.js';
import { valuesAt } from '../../document/databases.js';
import type { Kind } from '../../types.js';

/**
 * Where each kind holds a credential the gateway uses ("*" stands for any key of a map): bucket, user and
 * replication passwords, and an OpenID Connect provider's client secret (validation_key: auth/oidc.go@4.1.1
 * OIDCProvider.ValidationKey). Paths, not a walk of every key: a config may hold a million.
 */
const DATABASE_SECRETS = [
  ['password'], ['guest', 'password'], ['users', '*', 'password'],
  ['replications', '*', 'password'], ['replications', '*', 'remote_password'], ['oidc', 'providers', '*', 'validation_key'],
];
const SECRET_PATHS: Record<Kind, readonly (readonly string[])[]> = {
  legacy: DATABASE_SECRETS.map((path) => ['databases', '*', ...path]),
  bootstrap: [['bootstrap', 'password'], ['bucket_credentials', '*', 'password'], ['database_credentials', '*', 'password']],
  database: DATABASE_SECRETS,
};

export const rule: Rule = {
  id: 'security/secret-in-file',
  severity: 'info',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A password or OpenID Connect client secret written in the file where the target would take it from its environment (${NAME}).',
  check(context) {
    const { document, target } = context;
    if (!expandsEnvironment(target)) return;
    const found = SECRET_PATHS[context.kind].flatMap((path) => valuesAt(document, path)
      .filter(({ value }) => typeof value === 'string' && value !== '')
      .map(({ pointer }) => ({ pointer, key: path[path.length - 1]! })));
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
