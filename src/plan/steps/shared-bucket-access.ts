// Plan step `shared-bucket-access`.
import { reaches, precedes, crossesInto, ev, usesViews, type Context, type StepModule } from '../context.js';
import { absenceOf, evidenceOf, isWalrus } from '../facts.js';
import type { Evidence, PlanStep } from '../types.js';

export const step: StepModule = {
  id: 'shared-bucket-access',
  addresses: ['upgrade/shared-bucket-access-off'],
  resolves: ['upgrade/shared-bucket-access-off'],
  build: sharedBucketAccess,
};

function sharedBucketAccess(c: Context): PlanStep | null {
  const f = c.facts;
  const to4 = crossesInto(c.from, c.to, 'sharedBucketAccessRequired');
  const off = f.databases.filter((db) => db.sharedBucketAccess?.value !== true && !isWalrus(db.server?.value));
  const enablingNow = f.databases.filter((db) => db.sharedBucketAccess?.value === true && precedes(c.from, 'sharedBucketAccess') && reaches(c.to, 'sharedBucketAccess'));
  const shadow = f.databases.some((db) => db.shadow !== undefined) && reaches(c.to, 'sharedBucketAccess');
  const bootstrapTo4 = f.kind === 'bootstrap' && to4;
  if (!(to4 && off.length > 0) && enablingNow.length === 0 && !shadow && !bootstrapTo4) return null;
  const evidence: Evidence[] = [];
  for (const db of f.databases) {
    if (db.sharedBucketAccess) evidence.push(evidenceOf(db.sharedBucketAccess, c.source, db.sharedBucketAccess.value === true ? undefined : 'fails to load from 4.0'));
    else if (to4 && !isWalrus(db.server?.value)) evidence.push(absenceOf(db.pointer, 'enable_shared_bucket_access', c.source.lineOf, f.kind === 'legacy' ? 'the 3.x upgrade stores false, which fails to load from 4.0' : 'check the stored value'));
    evidence.push(...ev(c, db.importDocs));
  }
  // The change is made on the running version: a maintenance window is needed when that version uses GSI indexes.
  const gsi = f.databases.some((db) => !usesViews(db)) && reaches(c.from, 'gsiByDefault');
  return {
    id: 'shared-bucket-access',
    title: to4 ? 'Enable shared bucket access before moving to 4.x' : 'Enable shared bucket access',
    why: (to4 ? 'From 4.0 a database with `enable_shared_bucket_access: false` does not load (upgraded 2.x configs store false unless they set it). ' : '') +
      'Shared bucket access (from 1.5) moves the gateway\'s metadata into an extended attribute so other applications can use the bucket. Enabling it is irreversible: the metadata of existing documents is migrated as they are read or imported.',
    evidence,
    actions: [
      { text: 'Test the change on staging with a copy of production data first.' },
      f.kind === 'legacy'
        ? { text: `Set \`"enable_shared_bucket_access": true\` on ${off.length ? off.map((db) => `"${db.name}"`).join(', ') : 'every database'} in every node's config, and enable import (\`import_docs\`) on exactly one node; the other nodes run with import off. Restart the nodes one by one.` }
        : { text: `Set \`"enable_shared_bucket_access": true\` in every stored database config (${f.kind === 'bootstrap' ? 'list them with `GET /_all_dbs` and read each with `GET /{db}/_config`' : `"${off[0]?.name ?? '<db>'}" here`}); the database reloads with the new setting. Keep import on (\`import_docs\`) so documents written directly to the bucket are imported.`,
          command: `${precedes(c.from, 'persistentConfig') ? 'curl' : `curl -u "$SG_ADMIN_USER"`} -X POST ${c.base}/${f.kind === 'database' && off[0] ? off[0].name : '<db>'}/_config -H 'Content-Type: application/json' -d '{"enable_shared_bucket_access": true}'` },
      { text: gsi ? 'Plan a maintenance window: with GSI indexes every index name changes (`sg_<name>_x1` instead of `sg_<name>_1`), so new indexes are built while the database waits for them.' : 'Expect the databases to be unavailable while they reload.' },
    ],
    checks: [
      'Every database comes online after the restart (`GET /{db}/` shows `"state": "Online"`).',
      'No document has a very large history of channels or revisions: the system extended attribute that now carries the metadata is limited to 1 MB, and a document that exceeds it cannot be written.',
      'Documents written directly to the bucket appear in the changes feed (import works on the import node).',
    ],
  };
}
