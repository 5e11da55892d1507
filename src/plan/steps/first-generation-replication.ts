// Plan step `first-generation-replication`.
import { reaches, precedes, ev, diagnosticEvidence, type Context, type StepModule } from '../context.js';
import { type FirstGenReplication } from '../facts.js';
import type { Action, Evidence, PlanStep } from '../types.js';

export const step: StepModule = {
  id: 'first-generation-replication',
  addresses: ['sgreplicate/removed', 'sgreplicate/push-allow-conflicts', 'sgreplicate/checkpoint-reuse', 'sgreplicate/both-remote'],
  resolves: ['sgreplicate/removed', 'sgreplicate/push-allow-conflicts'],
  removesKeyOf: ['sgreplicate/removed'],
  build: firstGeneration,
};

function firstGeneration(c: Context): PlanStep | null {
  const f = c.facts;
  if (f.firstGenPointer === undefined || reaches(c.from, 'persistentConfig')) return null;
  if (precedes(c.to, 'interGatewayReplication')) return null;
  const mustMove = reaches(c.to, 'persistentConfig');
  const allIsgr = f.databases.flatMap((db) => db.replications.map((r) => ({ db, r })));
  const customResolver = allIsgr.filter(({ r }) => r.conflictResolutionType?.value === 'custom');
  const conflictsKept = f.databases.filter((db) => db.allowConflicts?.value !== false);
  const moving = allIsgr.length > 0 || mustMove;
  const applies = (scenario: number) => {
    if (!moving) return scenario === (conflictsKept.length > 0 ? 2 : 1);
    return scenario === (customResolver.length > 0 ? 4 : 3);
  };
  const mark = (n: number) => (applies(n) ? '**this config**' : '');
  const evidence: Evidence[] = [
    ...f.firstGen.map((r) => ({ pointer: r.pointer, line: c.source.lineOf(r.pointer), text: `first-generation replication ${r.id ? `"${r.id}"` : '(no replication_id)'}: ${r.source ?? '?'} → ${r.target ?? '?'}` })),
    ...allIsgr.map(({ db, r }) => ({ pointer: r.pointer, line: c.source.lineOf(r.pointer), text: `inter-gateway replication "${r.id}" of database "${db.name}" (${r.direction ?? 'no direction'})` })),
    ...customResolver.flatMap(({ r }) => ev(c, r.conflictResolutionType)),
    ...f.databases.flatMap((db) => ev(c, db.allowConflicts)),
    ...diagnosticEvidence(c, (r) => r.startsWith('sgreplicate/')),
  ];
  if (f.firstGen.length === 0 && f.firstGenPointer) evidence.unshift({ pointer: f.firstGenPointer, line: c.source.lineOf(f.firstGenPointer), text: '"replications" at the top level' });
  const reuse = c.diagnostics.filter((d) => d.rule === 'sgreplicate/checkpoint-reuse');
  const withoutIsgr = f.firstGen.filter((r) => r.id === undefined || !allIsgr.some(({ r: isgr }) => isgr.id === r.id));
  const actions: Action[] = [];
  if (precedes(c.from, 'interGatewayReplication') && mustMove) {
    actions.push({ text: `Upgrade every node to 2.8 first (a rolling upgrade as below) and let the first-generation replications run there: only a 2.8 node re-uses their checkpoints, and only a checkpoint written by 2.8 matches. Going straight to ${c.to.text} restarts every replication from zero.` });
  } else if (precedes(c.from, 'interGatewayReplication')) {
    actions.push({ text: 'This step comes after the rolling upgrade to 2.8: let the first-generation replications run on 2.8 first, so their checkpoints are written in the form 2.8 re-uses.' });
  }
  if (!moving) {
    actions.push({ text: 'Either keep the first-generation replications for now (scenario 1 or 2; 2.8 still runs them and warns that they are deprecated), or move them now as below. They must move before any upgrade to 3.x, and moving on 2.8 is what keeps the checkpoints.' });
  }
  const when = moving ? '' : 'When moving: ';
  actions.push(
    { text: `${when}make sure every node that runs replications (\`sgreplicate_enabled\`, the default) runs 2.8 or later before any inter-gateway replication is defined: an older node cannot run them.` },
    ...f.firstGen.map((r) => {
      const action = isgrFor(c, r);
      return { ...action, text: when + action.text };
    }),
    { text: `${when}remove the top-level \`replications\` from the config once the inter-gateway replications run (3.x refuses to start with it, even empty).` },
  );
  return {
    id: 'first-generation-replication',
    title: mustMove ? 'Move first-generation replications (sg-replicate 1) to inter-gateway replication' : 'Decide about first-generation replications (sg-replicate 1)',
    why: mustMove
      ? `Sync Gateway ${c.to.text} refuses to start with a top-level \`replications\` key; they must become inter-gateway replications (available from 2.8).`
      : 'From 2.8 inter-gateway replication replaces sg-replicate 1, which 3.x removes. Pick the scenario now; moving on 2.8 is the only way to keep the checkpoints.',
    evidence,
    actions,
    checks: [
      `\`${precedes(c.from, 'persistentConfig') ? 'curl' : c.curl} ${c.base}/<db>/_replicationStatus/<replication_id>\` shows each replication running.`,
      'In the log of that node, the replication starts from the old checkpoint\'s sequence rather than from zero (a replication that restarts from zero re-sends every document, which is safe but slow).',
      ...(withoutIsgr.length ? [`Still without an inter-gateway replication of the same id: ${withoutIsgr.map((r) => (r.id ? `"${r.id}"` : r.pointer)).join(', ')}.`] : []),
      ...reuse.map((d) => `Checkpoint re-use (line ${d.line}): ${d.message}`),
    ],
    table: {
      headers: ['scenario', 'replications', 'conflict resolution', 'what to do', 'applies'],
      rows: [
        ['1', 'keep first-generation (2.8 only)', 'none needed (no conflicts)', 'nothing now; must move before 3.0', mark(1)],
        ['2', 'keep first-generation (2.8 only)', 'custom, by the application (conflicts allowed)', 'nothing now; before moving, stop relying on conflicts (`allow_conflicts: false`)', mark(2)],
        ['3', 'move to inter-gateway replication', 'default', 'define them as below; conflicts resolved by the default policy', mark(3)],
        ['4', 'move to inter-gateway replication', 'custom (`conflict_resolution_type: custom` with `custom_conflict_resolver`, EE)', 'define them as below with the resolver; test the resolver on staging', mark(4)],
      ],
    },
  };
}

const BARE_NAME = /^[^:/]+$/;

/** The inter-gateway replication that takes over one first-generation replication (reference 7.6). */
function isgrFor(c: Context, r: FirstGenReplication): Action {
  const label = r.id ? `"${r.id}"` : `at ${r.pointer}`;
  const sourceLocal = r.source !== undefined && BARE_NAME.test(r.source);
  const targetLocal = r.target !== undefined && BARE_NAME.test(r.target);
  if (!sourceLocal && !targetLocal) {
    return { text: `Replication ${label}: both ends are remote, so it cannot become an inter-gateway replication of this node; define it on the gateway that serves one of its ends instead.` };
  }
  const admin = typeof c.facts.adminInterface?.value === 'string' && c.facts.adminInterface.value ? c.facts.adminInterface.value : '127.0.0.1:4985';
  const [db, direction, other] = sourceLocal ? [r.source!, 'push', r.target!] : [r.target!, 'pull', r.source!];
  const remote = BARE_NAME.test(other) ? `http://${admin}/${other}` : other;
  const id = r.id ?? '<replication_id>';
  const body = JSON.stringify({ [id]: { replication_id: id, remote, direction, ...(r.continuous ? { continuous: true } : {}) } });
  return {
    text: `Replication ${label}: in database "${db}" define the inter-gateway replication below (map key = the old replication_id, \`${direction}\` because the local database is the ${sourceLocal ? 'source' : 'target'}, \`remote\` exactly the old ${sourceLocal ? 'target' : 'source'} URL; never \`pushAndPull\`). Start it on the node, same host name, that ran the first-generation one, so the old checkpoint is found.` +
      (r.id ? '' : ' It has no replication_id, so no checkpoint can be matched: it restarts from zero whatever id you give it.'),
    command: `"replications": ${body}`,
  };
}
