import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup } from '../../document/databases.js';
import { underTarget } from '../../releases/index.js';
import { principalNameFact } from '../../releases/principals.js';
import { escapePointerToken, isObject } from '../../types.js';

export const rule: Rule = {
  id: 'database/principal-name',
  severity: 'error',
  kinds: ['legacy'],
  facts: ['principal-name-refused-from-3.0', 'principal-name-refused-before-3.0', 'principal-name-refused'],
  description: 'A user or role of a legacy config with a name the target refuses (one without a letter or digit, or with "/", ":", "," or "`"; before persistent configs, any character outside [-+.@%A-Za-z0-9_]).',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      for (const kind of ['users', 'roles'] as const) {
        const principals = lookup(db.config, db.pointer, kind);
        if (!principals || !isObject(principals.value)) continue;
        for (const name of Object.keys(principals.value)) {
          const fact = principalNameFact(name);
          const verdict = fact && context.judge(fact);
          if (!verdict) continue;
          const what = kind === 'users' ? 'user' : 'role';
          context.report({
            pointer: `${principals.pointer}/${escapePointerToken(name)}`, target: 'key',
            ...underTarget(verdict, `${dbLabel(db)}: the ${what} name ${JSON.stringify(name)} is not one the gateway accepts`,
              `The gateway creates a legacy config's ${kind} when it loads the database, and a name it refuses fails that ("Invalid name"); so does every /${kind === 'users' ? '_user' : '_role'}/ request with it. With persistent configs a name needs a letter or a digit and has no "/", ":", "," or "\`" (at most 239 bytes); before them, only ASCII letters and digits and -+.@%_. Rename the ${what}, and the ${kind === 'users' ? 'documents and grants' : 'grants'} that name it.`),
          });
        }
      }
    }
  },
};
