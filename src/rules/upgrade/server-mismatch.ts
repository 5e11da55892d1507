import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, isLegacyMode, lookup, nonEmptyString } from '../../document/databases.js';
import { upgradeServerAddress } from './server-address.js';
import { redactUrl } from '../sgreplicate/common.js';
import { underTarget } from '../../releases/index.js';

export const rule: Rule = {
  id: 'upgrade/server-mismatch',
  severity: 'error',
  kinds: ['legacy'],
  facts: ['legacy-automatic-upgrade-blocked'],
  description: 'Legacy databases whose server addresses still differ after the gateway\'s address upgrade, which makes the automatic upgrade impossible.',
  check(context) {
    if (isLegacyMode(context.document)) return; // legacy mode accepts different servers (reference 11, example 21)
    const verdict = context.judge('legacy-automatic-upgrade-blocked');
    if (!verdict) return;
    let reference: { name: string; server: string } | undefined;
    for (const db of databaseEntries(context.kind, context.document)) {
      const server = lookup(db.config, db.pointer, 'server');
      if (!server || !nonEmptyString(server.value)) continue;
      const upgraded = upgradeServerAddress(server.value).server;
      if (!reference) {
        reference = { name: db.name ?? '', server: upgraded };
        continue;
      }
      if (upgraded !== reference.server) {
        context.report({
          pointer: server.pointer,
          ...underTarget(verdict, `${dbLabel(db)} and database "${reference.name}" use different servers`,
            `They are "${redactUrl(upgraded)}" and "${redactUrl(reference.server)}" after the gateway's address upgrade. The automatic upgrade requires one server for all databases and refuses to start: a node serves the databases of one cluster only. Give every database the same address, or split the file into one config per cluster; then sgconf convert writes each bootstrap config.`),
        });
      }
    }
  },
};
