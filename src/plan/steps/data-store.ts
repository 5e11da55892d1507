// Plan step `data-store`.
import { reaches, serversOf, usesViews, type Context, type StepModule } from '../context.js';
import { isWalrus } from '../facts.js';
import type { PlanStep } from '../types.js';

export const step: StepModule = {
  id: 'data-store',
  addresses: [],
  build: dataStore,
};

function dataStore(c: Context): PlanStep {
  const gsi = reaches(c.to, 'gsiByDefault') && c.facts.databases.some((db) => !usesViews(db) && !isWalrus(db.server?.value));
  return {
    id: 'data-store',
    title: 'Decide how the data store (Couchbase Server) is upgraded, if it is',
    why: 'The gateway keeps running against the data store while it changes; the approach decides whether the gateway notices.' +
      (gsi ? ` Sync Gateway ${c.to.text} uses GSI indexes by default, which need Couchbase Server 5.5 or later with the Index and Query services.` : ''),
    evidence: serversOf(c),
    actions: [{ text: 'Pick one approach from the table, and upgrade the data store before or after the gateway nodes, never at the same time as a gateway node.' }],
    checks: ['The data store version after its upgrade is supported by Sync Gateway ' + c.to.text + ' (see its compatibility matrix).', 'Every gateway node still answers on its admin API after the data store change.'],
    table: {
      headers: ['approach', 'what happens', 'effect on the gateway'],
      rows: [
        ['rolling online', 'data-store nodes are swapped or upgraded one by one with rebalances', 'keeps serving; list several data-store nodes in the server address so the gateway can reconnect while one node is out'],
        ['duplicate cluster through replication (XDCR)', 'a new cluster is filled by replication from the old one, then traffic moves', 'the replication is one-way (old → new): nothing may write to the new cluster until the switch, including the gateway; point the gateway at the new cluster only after replication has caught up and writes to the old one stopped'],
        ['offline', 'the whole data store is stopped, upgraded, restarted', 'the gateway is down for the whole window: stop every gateway node first and start them after the data store is back'],
      ],
    },
  };
}
