import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, get, lookup, nonEmptyString } from '../../document/databases.js';
import { upgradeServerAddress } from './server-address.js';

const FIELDS = ['username', 'password', 'certpath', 'keypath', 'cacertpath'] as const;

export const rule: Rule = {
  id: 'upgrade/credentials-differ',
  severity: 'info',
  kinds: ['legacy'],
  description: 'Legacy databases with different bucket credentials: the gateway\'s own upgrade keeps only one set.',
  check(context) {
    let first: { name: string; identity: string } | undefined;
    for (const db of databaseEntries(context.kind, context.document)) {
      const identity = identityOf(db.config);
      if (identity === undefined) continue;
      if (!first) {
        first = { name: db.name ?? '', identity };
        continue;
      }
      if (identity !== first.identity) {
        const field = FIELDS.find((f) => nonEmptyString(get(db.config, f))) ?? 'server';
        context.report({
          pointer: lookup(db.config, db.pointer, field)?.pointer ?? db.pointer,
          message: `${dbLabel(db)} connects with other credentials than database "${first.name}"`,
          detail: 'The gateway\'s own automatic upgrade makes one database\'s credentials (picked by random map order) the bootstrap identity and drops the others; sgconf convert keeps each set in database_credentials.',
        });
      }
    }
  },
};

/** Credentials and certificate paths of a database (fields, else those in the server URL); undefined when it has none. */
function identityOf(config: Record<string, unknown>): string | undefined {
  const values = FIELDS.map((f) => get(config, f));
  if (values.some(nonEmptyString)) return JSON.stringify(values.map((v) => (typeof v === 'string' ? v : '')));
  const server = get(config, 'server');
  const credentials = typeof server === 'string' && (() => {
    const u = upgradeServerAddress(server);
    return u.ok ? u.credentials : undefined;
  })();
  return credentials ? JSON.stringify([credentials.username, credentials.password, '', '', '']) : undefined;
}
