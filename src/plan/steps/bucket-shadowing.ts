// Plan step `bucket-shadowing`.
import { precedes, ev, diagnosticEvidence, type Context, type StepModule } from '../context.js';
import type { PlanStep } from '../types.js';

export const step: StepModule = {
  id: 'bucket-shadowing',
  addresses: ['upgrade/shadow'],
  resolves: ['upgrade/shadow'],
  removesKeyOf: ['upgrade/shadow'],
  build: shadowing,
};

function shadowing(c: Context): PlanStep | null {
  const dbs = c.facts.databases.filter((db) => db.shadow !== undefined);
  if (dbs.length === 0) return null;
  return {
    id: 'bucket-shadowing',
    title: 'Replace bucket shadowing with shared bucket access',
    why: 'Bucket shadowing is unsupported since 1.5, must move to `deprecated.shadow` in 2.1 – 2.6, is removed in 2.7 (the key makes startup fail) and is an unknown key in 3.x. Shared bucket access lets other applications write to the gateway\'s bucket directly, which is what shadowing emulated.',
    evidence: [...dbs.flatMap((db) => ev(c, db.shadow)), ...diagnosticEvidence(c, (r) => r === 'upgrade/shadow')],
    actions: [
      ...(precedes(c.from, 'sharedBucketAccess') ? [{ text: 'Upgrade to 1.5 first (shared bucket access does not exist before 1.5), keeping `shadow` for now.' }] : []),
      { text: 'On staging first: point the database at the shadowed bucket itself (the one the other applications write to) with `"enable_shared_bucket_access": true` and import on (`import_docs`), an `import_filter` taking the place of `shadow.doc_id_regex`, and without `shadow`. Documents written to that bucket are then imported by the gateway.' },
      { text: 'Roll the change out node by node (shared bucket access step below), then remove `shadow` (and `deprecated`) from every node\'s config.' },
      { text: 'After a verification period, retire the bucket the gateway used to mirror into.' },
    ],
    checks: ['No application writes to the shadowed bucket any more.', 'Documents written directly to the gateway\'s bucket appear in the changes feed (`GET /{db}/_changes`).'],
  };
}
