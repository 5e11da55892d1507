// Plan step `views-and-indexes`.
import { reaches, crossesInto, ev, usesViews, type Context, type StepModule } from '../context.js';
import { absenceOf, isWalrus, type DatabaseFacts } from '../facts.js';
import type { Action, Evidence, PlanStep } from '../types.js';

export const step: StepModule = {
  id: 'views-and-indexes',
  addresses: ['upgrade/views-index-replicas', 'upgrade/index-replicas'],
  build: viewsAndIndexes,
};

function viewsAndIndexes(c: Context): PlanStep | null {
  const f = c.facts;
  const relevant = crossesInto(c.from, c.to, 'versionedDesignDocs') || crossesInto(c.from, c.to, 'gsiByDefault') || crossesInto(c.from, c.to, 'principalIndexes') || crossesInto(c.from, c.to, 'indexReplicasMoved');
  if (!relevant) return null;
  const evidence: Evidence[] = [];
  for (const db of f.databases) {
    evidence.push(...ev(c, db.useViews), ...ev(c, db.numIndexReplicas), ...ev(c, db.indexNumReplicas));
  }
  const toGsi = crossesInto(c.from, c.to, 'gsiByDefault') && f.databases.some((db) => !usesViews(db) && !isWalrus(db.server?.value));
  if (toGsi) {
    for (const db of f.databases) if (!db.useViews && !isWalrus(db.server?.value)) evidence.push(absenceOf(db.pointer, 'use_views', c.source.lineOf, 'GSI indexes from 2.1'));
  }
  const replicas = (db: DatabaseFacts) => (typeof db.indexNumReplicas?.value === 'number' ? db.indexNumReplicas.value : typeof db.numIndexReplicas?.value === 'number' ? db.numIndexReplicas.value : 1);
  const maxReplicas = Math.max(1, ...f.databases.map(replicas));
  const actions: Action[] = [];
  if (toGsi) {
    actions.push(
      { text: `Before upgrading: check that the data store runs Couchbase Server 5.5 or later with at least ${maxReplicas + 1} nodes running the Index and Query services (replicas + 1). Otherwise set \`"use_views": true\` and/or lower \`num_index_replicas\` (0 for a single index node) in the config first.`, command: 'curl -u "$CB_ADMIN" http://<cb-node>:8091/pools/default' },
    );
  }
  actions.push({ text: 'Expect the first upgraded node to take longer to come online: it creates the indexes (or design documents) that are missing and waits until they answer before serving.' });
  if (f.databases.some(usesViews) && reaches(c.to, 'versionedDesignDocs')) {
    actions.push({ text: 'With `use_views: true` the design documents carry the version in their names (`sync_gateway_2.0`, `sync_gateway_2.1`), so the new ones are built next to the old ones; make room for both.' });
  }
  if (crossesInto(c.from, c.to, 'indexReplicasMoved') && f.databases.some((db) => db.numIndexReplicas)) {
    actions.push({ text: 'From 3.3 prefer `index.num_replicas` over `num_index_replicas` (deprecated, warned at start); never set both (an error).' });
  }
  if (crossesInto(c.from, c.to, 'principalIndexes')) {
    actions.push({ text: 'From 3.1 principals are looked up through separate `users` and `roles` indexes, created at the first start of a 3.1 node.' });
  }
  return {
    id: 'views-and-indexes',
    title: 'Check views and indexes for the new version',
    why: crossesInto(c.from, c.to, 'gsiByDefault')
      ? 'From 2.1 `use_views: false` is the default: the gateway uses GSI indexes and N1QL instead of views. Without the Query and Index services (or with fewer index nodes than replicas + 1) the database does not load.'
      : 'The new version creates indexes (or design documents) it does not find, at start-up, and waits for them.',
    evidence,
    actions,
    checks: [
      'On the first upgraded node, `GET /{db}/` answers `"state": "Online"` for every database before the next node is upgraded.',
      ...(toGsi ? ['In the data store, the `sg_` indexes of every bucket are online (Query Workbench or `SELECT * FROM system:indexes WHERE name LIKE "sg_%"`).'] : []),
    ],
  };
}
