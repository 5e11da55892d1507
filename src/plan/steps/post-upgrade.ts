// Plan step `post-upgrade`.
import { reaches, precedes, crossesInto, usesViews, type Context, type StepModule } from '../context.js';
import { evidenceOf, isWalrus, type DatabaseFacts } from '../facts.js';
import type { Evidence, PlanStep } from '../types.js';
import type { Version } from '../../releases/lines.js';

export const step: StepModule = {
  id: 'post-upgrade',
  addresses: [],
  build: postUpgrade,
};

// The design documents of each generation (db/design_doc.go DesignDocVersion at 2.0.0 and 2.1.0).
const UNVERSIONED_DOCS = ['sync_gateway', 'sync_housekeeping'];
const DOCS_2_0 = ['sync_gateway_2.0', 'sync_housekeeping_2.0'];
const DOCS_2_1 = ['sync_gateway_2.1', 'sync_housekeeping_2.1'];

/** Design documents `_post_upgrade` of version `to` removes, for a database that does or does not use views. */
export function removedByPostUpgrade(to: Version, useViews: boolean): string[] {
  if (precedes(to, 'versionedDesignDocs')) return [];
  const removed = [...UNVERSIONED_DOCS];
  if (reaches(to, 'postUpgradeRemoves20Docs')) removed.push(...DOCS_2_0);
  if (reaches(to, 'postUpgradeRemoves21Docs') && !useViews) removed.push(...DOCS_2_1);
  return removed;
}

/** Obsolete design documents that may exist after running `from` and that `to` removes. */
export function obsoleteDesignDocs(from: Version, to: Version, useViews: boolean): string[] {
  // A deployment that ran 2.0 (or passed through it) has the 2.0 documents; from 2.1 on, the 2.1 ones.
  const present = new Set<string>(UNVERSIONED_DOCS);
  if (reaches(from, 'versionedDesignDocs')) DOCS_2_0.forEach((d) => present.add(d));
  if (reaches(from, 'gsiByDefault')) DOCS_2_1.forEach((d) => present.add(d));
  return removedByPostUpgrade(to, useViews).filter((d) => present.has(d));
}

function describeDocsPerDb(perDb: { db: DatabaseFacts; docs: string[] }[]): string {
  const groups = new Map<string, string[]>();
  for (const { db, docs } of perDb) {
    if (!docs.length) continue;
    const key = docs.join(', ');
    groups.set(key, [...(groups.get(key) ?? []), db.name]);
  }
  return [...groups].map(([docs, names]) => `${docs} (${names.map((n) => `"${n}"`).join(', ')})`).join('; ');
}

function postUpgrade(c: Context): PlanStep | null {
  if (precedes(c.to, 'versionedDesignDocs')) return null;
  const dbs = c.facts.databases.filter((db) => !isWalrus(db.server?.value));
  const perDb = dbs.map((db) => ({ db, docs: obsoleteDesignDocs(c.from, c.to, usesViews(db)) }));
  const anyDocs = perDb.some((p) => p.docs.length > 0) || (c.facts.kind === 'bootstrap' && removedByPostUpgrade(c.to, false).length > 0 && precedes(c.from, 'postUpgradeRemoves21Docs'));
  const indexes = reaches(c.to, 'gsiByDefault') && (crossesInto(c.from, c.to, 'indexReplicasMoved') || c.facts.databases.some((db) => db.sharedBucketAccess !== undefined));
  if (!anyDocs && !indexes) return null;
  const evidence: Evidence[] = perDb.flatMap(({ db, docs }) => docs.length
    ? [db.useViews ? evidenceOf(db.useViews, c.source, `database "${db.name}" uses ${usesViews(db) ? 'views' : 'GSI'}`) : { pointer: db.pointer, line: c.source.lineOf(db.pointer), text: `database "${db.name}" uses GSI (no "use_views")` }]
    : []);
  return {
    id: 'post-upgrade',
    title: 'After every node is upgraded: remove obsolete design documents and indexes',
    why: `The gateway never removes the design documents (or indexes) of earlier versions by itself. For ${c.from.text} → ${c.to.text}, \`_post_upgrade\` removes ${perDb.some((p) => p.docs.length) ? [...new Set(perDb.flatMap((p) => p.docs))].map((d) => `\`${d}\``).join(', ') : 'what the earlier versions left'}` +
      (reaches(c.to, 'indexReplicasMoved') ? ', and every `sg_` index no loaded database uses.' : reaches(c.to, 'gsiByDefault') ? ', and the indexes of the opposite shared-bucket-access setting.' : '.') +
      ' Run it only when no node of the old version is left: old nodes still use them.',
    evidence,
    actions: [
      { text: 'Preview what would be removed.', command: `${c.curl} -X POST '${c.base}/_post_upgrade?preview=true'` },
      { text: 'Remove them.', command: `${c.curl} -X POST ${c.base}/_post_upgrade` },
    ],
    checks: [
      perDb.some((p) => p.docs.length)
        ? `The preview's \`post_upgrade_results\` lists, per database, \`removed_design_docs\` among ${describeDocsPerDb(perDb)}, and \`removed_indexes\` only names indexes no node uses.`
        : 'The preview lists only design documents and indexes no node uses.',
      'After the call, every database is still online and the preview answers empty lists.',
    ],
  };
}
