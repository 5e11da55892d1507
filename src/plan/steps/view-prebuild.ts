// Plan step `view-prebuild`.
import { reaches, precedes, ev, usesViews, type Context, type StepModule } from '../context.js';
import { isWalrus } from '../facts.js';
import type { Action, PlanStep } from '../types.js';
import type { JsonValue } from '../../types.js';

export const step: StepModule = {
  id: 'view-prebuild',
  addresses: [],
  build: viewPrebuild,
};

function viewPrebuild(c: Context): PlanStep | null {
  if (!(reaches(c.from, 'viewPrebuildFrom') && precedes(c.from, 'sharedBucketAccess') && reaches(c.to, 'sharedBucketAccess'))) return null;
  const dbs = c.facts.databases.filter((db) => !isWalrus(db.server?.value) && (precedes(c.to, 'gsiByDefault') || usesViews(db)));
  if (dbs.length === 0) return null;
  const actions: Action[] = [];
  for (const db of dbs) {
    const bucket = typeof db.bucket?.value === 'string' ? db.bucket.value : db.name;
    const host = viewHost(db.server?.value);
    const views = `http://${host}:8092/${bucket}`;
    actions.push(
      { text: `Database "${db.name}": GET the \`sync_gateway\` design document as Sync Gateway 1.5 defines it (for example from a staging bucket a 1.5 node already runs on); it must contain the \`role_access_vbseq\` view.`, command: `curl -u "$CB_ADMIN" http://<staging-cb-node>:8092/<staging-bucket>/_design/sync_gateway > sync_gateway.ddoc.json` },
      { text: `Database "${db.name}": PUT it as a development copy, which the data store indexes without touching the live views.`, command: `curl -u "$CB_ADMIN" -X PUT -H 'Content-Type: application/json' ${views}/_design/dev_sync_gateway -d @sync_gateway.ddoc.json` },
      { text: `Database "${db.name}": query one view of the copy over the full data set to build the index; it returns when the index is built.`, command: `curl -u "$CB_ADMIN" '${views}/_design/dev_sync_gateway/_view/role_access_vbseq?full_set=true&stale=false&limit=1'` },
    );
  }
  return {
    id: 'view-prebuild',
    title: 'Pre-build the 1.5 view index before upgrading any node',
    why: `Sync Gateway 1.5 changes its views, so the data store re-indexes them when the first 1.5 node starts; until the index is built the node waits (75 s per view query by default, retried), which makes the database unavailable. Building a copy of the index first avoids that.`,
    evidence: dbs.flatMap((db) => [...ev(c, db.server), ...ev(c, db.bucket)]),
    actions,
    checks: [
      'The last query returned (no timeout) for every database.',
      'The data store has room for the extra index while both exist: a second view index of the bucket takes disk space comparable to the first one, and building it can take long on a large bucket.',
    ],
    notes: ['Views with identical definitions share their index in Couchbase Server, so the real design document uses the index the copy built.'],
  };
}

function viewHost(server: JsonValue | undefined): string {
  if (typeof server !== 'string') return '<cb-node>';
  const match = /^[a-z]+:\/\/(?:[^@/]*@)?([^:/,?]+)/i.exec(server);
  return match ? match[1] : '<cb-node>';
}
