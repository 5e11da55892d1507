import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, isLegacyMode, lookup, nonEmptyString } from '../../document/databases.js';
import { underTarget } from '../../releases/index.js';

export const rule: Rule = {
  id: 'upgrade/database-without-server',
  severity: 'error',
  kinds: ['legacy'],
  facts: ['legacy-automatic-upgrade-blocked', 'legacy-mode-without-server'],
  description: 'A legacy database without a server address: it stops the automatic upgrade, and legacy mode has no bootstrap address when no database has one.',
  check(context) {
    const dbs = databaseEntries(context.kind, context.document);
    const withServer = dbs.filter((db) => nonEmptyString(lookup(db.config, db.pointer, 'server')?.value));
    const legacyMode = isLegacyMode(context.document);
    const verdict = context.judge('legacy-automatic-upgrade-blocked');
    for (const db of dbs) {
      const server = lookup(db.config, db.pointer, 'server');
      // A value of another type is schema/type's finding (the gateway cannot decode the config at all).
      if (server && server.value !== '') continue;
      const pointer = server?.pointer ?? db.pointer;
      const target = server ? undefined : 'key' as const;
      if (!legacyMode) {
        if (verdict) context.report({ pointer, target, ...underTarget(verdict, `${dbLabel(db)} has no server, which the automatic upgrade needs`,
          'The automatic upgrade needs a server address on every database (without one, older releases used the in-memory walrus: store) and refuses to start. Add "server": "couchbases://<host>" (the same on every database), or use "disable_persistent_config": true to stay in legacy mode.') });
      } else if (withServer.length === 0) {
        const noBootstrap = context.judge('legacy-mode-without-server');
        if (noBootstrap) context.report({ pointer, target, ...underTarget(noBootstrap, `${dbLabel(db)} has no server and no other database has one`, 'In legacy mode the gateway then has no bootstrap address and refuses to start. Add a server address (or pass -bootstrap.server).') });
      } else if (context.upgradesLegacyConfigs) {
        context.report({ pointer, target, severity: 'info', message: `${dbLabel(db)} has no server, so it uses the bootstrap address`, detail: 'In legacy mode it connects to the bootstrap address, which the gateway takes from one of the other databases.' });
      }
    }
  },
};
