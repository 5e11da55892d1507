// The planner: config value + lint diagnostics + version pair -> an ordered runbook. Pure.
import type { Diagnostic, JsonValue, Kind } from '../types.js';
import type { ConfigSource } from './source.js';
import { isLegacyMode } from '../rules/database/configs.js';
import type { Action, Evidence, Finding, Plan, PlanStep } from './types.js';
import { atLeast, before, crosses, type Version } from './versions.js';
import { absenceOf, evidenceOf, isWalrus, readFacts, type ConfigFacts, type DatabaseFacts, type FirstGenReplication } from './facts.js';

export interface PlanInput {
  file: string;
  kind: Kind;
  /** The config as read, with the line of every pointer. */
  source: ConfigSource;
  diagnostics: readonly Diagnostic[];
  from: Version;
  to: Version;
}

interface Context extends PlanInput {
  facts: ConfigFacts;
  /** Admin API base URL as the config sets it up. */
  base: string;
  /** curl prefix for the admin API of the target version (authenticated from 3.0). */
  curl: string;
}

// Findings that describe exactly what a plan step resolves: they become steps, they do not block.
const RESOLVED_BY_PLAN = new Set([
  'sgreplicate/removed', 'sgreplicate/push-allow-conflicts', // first-generation replication step
  'upgrade/server-mismatch', 'upgrade/credentials-differ', 'upgrade/http-port', // persistent-config step (bootstrap written by hand)
  'upgrade/shadow', // bucket-shadowing step
  'upgrade/shared-bucket-access-off', // shared-bucket-access step (only matters from 4.0)
]);
// Certificates are often absent where a plan is made (a laptop, CI): reported, never blocking.
const NEVER_BLOCKING = new Set(['certs/file-unreadable']);

const REMOVED_KEY_RULES = new Set(['upgrade/shadow', 'sgreplicate/removed']);

function resolvedByPlan(d: Diagnostic, kind: Kind, from: Version, to: Version): boolean {
  if (NEVER_BLOCKING.has(d.rule) || RESOLVED_BY_PLAN.has(d.rule)) return true;
  // The TLS default arrives with 3.x: for a legacy config that is still 2.x the persistent-config step covers it.
  if (d.rule === 'security/non-tls-server' && kind === 'legacy' && before(from, '3.0')) return true;
  // Findings about the 3.x conversion and about first-generation removal do not matter when staying on 2.x.
  return before(to, '3.0') && (d.rule.startsWith('upgrade/') || d.rule.startsWith('sgreplicate/') || d.rule === 'security/non-tls-server');
}

/** Findings about versions this upgrade does not reach are left out of its plan. */
function relevantToPair(d: Diagnostic, to: Version): boolean {
  if (before(to, '3.0') && (d.rule.startsWith('upgrade/') || d.rule.startsWith('sgreplicate/') || d.rule === 'security/non-tls-server')) return false;
  if (before(to, '4.0') && d.rule === 'upgrade/shared-bucket-access-off') return false;
  return true;
}

// The step that addresses a finding, so the findings list can point at it.
const STEP_OF_RULE: Record<string, string> = {
  'sgreplicate/removed': 'first-generation-replication',
  'sgreplicate/push-allow-conflicts': 'first-generation-replication',
  'sgreplicate/checkpoint-reuse': 'first-generation-replication',
  'sgreplicate/both-remote': 'first-generation-replication',
  'upgrade/server-mismatch': 'persistent-config',
  'upgrade/credentials-differ': 'persistent-config',
  'upgrade/http-port': 'persistent-config',
  'upgrade/principals': 'persistent-config',
  'security/non-tls-server': 'persistent-config',
  'upgrade/shadow': 'bucket-shadowing',
  'upgrade/shared-bucket-access-off': 'shared-bucket-access',
  'upgrade/views-index-replicas': 'views-and-indexes',
  'upgrade/index-replicas': 'views-and-indexes',
};

/** Error diagnostics that stop the plan: the config must be fixed before any upgrade. */
export function blockingDiagnostics(diagnostics: readonly Diagnostic[], kind: Kind, from: Version, to: Version): Diagnostic[] {
  const handled = (d: Diagnostic) => resolvedByPlan(d, kind, from, to);
  // Keys a handled finding removes altogether: schema findings inside them are the same problem.
  const handledPointers = [...new Set(diagnostics.filter((d) => handled(d) && REMOVED_KEY_RULES.has(d.rule)).map((d) => d.pointer))].filter((p) => p !== '');
  return diagnostics.filter((d) => d.severity === 'error' && !handled(d) &&
    // A schema finding on a key that a handled finding already covers (e.g. `shadow`) is the same problem.
    !(d.rule.startsWith('schema/') && handledPointers.some((p) => d.pointer === p || d.pointer.startsWith(p + '/'))));
}

export function buildPlan(input: PlanInput): Plan {
  const facts = readFacts(input.kind, input.source.value, input.file);
  const base = adminBase(facts);
  const curl = atLeast(input.to, '3.0') ? 'curl -u "$SG_ADMIN_USER"' : 'curl';
  const context: Context = { ...input, facts, base, curl };
  const blocking = new Set(blockingDiagnostics(input.diagnostics, input.kind, input.from, input.to));
  const steps = [
    prepare(context),
    dataStore(context),
    certificatesApi(context),
    viewPrebuild(context),
    shadowing(context),
    firstGeneration(context),
    sharedBucketAccess(context),
    viewsAndIndexes(context),
    persistentConfig(context),
    rollingUpgrade(context),
    postUpgrade(context),
  ].filter((step): step is PlanStep => step !== null);
  // Coming from before 2.8 and staying on 2.x, the replications can only move once the nodes run 2.8.
  if (before(input.from, '2.8') && before(input.to, '3.0')) {
    const at = steps.findIndex((s) => s.id === 'first-generation-replication');
    const rolling = steps.findIndex((s) => s.id === 'rolling-upgrade');
    if (at >= 0 && rolling > at) steps.splice(rolling, 0, ...steps.splice(at, 1));
  }
  const stepIds = new Set(steps.map((s) => s.id));
  const findings: Finding[] = input.diagnostics
    .filter((d) => !blocking.has(d) && relevantToPair(d, input.to))
    .map((d) => {
      const step = STEP_OF_RULE[d.rule];
      return { rule: d.rule, severity: d.severity, message: d.message, pointer: d.pointer, line: d.line, ...(step && stepIds.has(step) ? { step } : {}) };
    })
    .sort((a, b) => a.line - b.line);
  return { file: input.file, kind: input.kind, from: input.from.text, to: input.to.text, steps, findings };
}

function adminBase(facts: ConfigFacts): string {
  const configured = typeof facts.adminInterface?.value === 'string' && facts.adminInterface.value !== '' ? facts.adminInterface.value : '127.0.0.1:4985';
  const hostPort = configured.startsWith(':') ? `localhost${configured}` : configured.replace(/^0\.0\.0\.0:/, 'localhost:');
  const scheme = typeof facts.listenerCert?.value === 'string' && facts.listenerCert.value !== '' ? 'https' : 'http';
  return `${scheme}://${hostPort}`;
}

function ev(c: Context, located: Parameters<typeof evidenceOf>[0] | undefined, note?: string): Evidence[] {
  return located ? [evidenceOf(located, c.source, note)] : [];
}

function diagnosticEvidence(c: Context, rules: (rule: string) => boolean): Evidence[] {
  return c.diagnostics.filter((d) => rules(d.rule)).map((d) => ({ pointer: d.pointer, line: d.line, text: `${d.rule}: ${d.message}` }));
}

function serversOf(c: Context): Evidence[] {
  if (c.facts.bootstrapServer) return ev(c, c.facts.bootstrapServer);
  return c.facts.databases.flatMap((db) => ev(c, db.server));
}

function usesViews(db: DatabaseFacts): boolean {
  return db.useViews?.value === true;
}

function dbUrl(c: Context, db: DatabaseFacts): string {
  return `${c.base}/${db.name}`;
}

// ---------------------------------------------------------------------------------------------------

function prepare(c: Context): PlanStep {
  const findingCount = c.diagnostics.length;
  return {
    id: 'prepare',
    title: 'Prepare: back up, record versions, read the findings',
    why: `Every later step changes something that is hard to undo (stored configs, indexes, design documents). A copy of the config and the current version of every node are the way back.`,
    evidence: [{ pointer: '', line: 1, text: `${c.kind} config, upgrading Sync Gateway ${c.from.text} → ${c.to.text}` }],
    actions: [
      { text: 'Copy the config file of every node somewhere safe.', command: `cp ${c.file} ${c.file}.before-${c.to.text}` },
      { text: 'Record the version every node runs (the admin API root answers with it).', command: `${before(c.from, '3.0') ? 'curl' : 'curl -u "$SG_ADMIN_USER"'} ${c.base}/` },
      { text: 'Test this runbook on a staging deployment with a copy of production data first.' },
    ],
    checks: [
      `Every node reports version ${c.from.text}.`,
      findingCount > 0 ? `The ${findingCount} lint finding${findingCount === 1 ? '' : 's'} listed at the end of this plan ${findingCount === 1 ? 'is' : 'are'} read and understood.` : 'sgconf lint reports nothing for this config.',
    ],
  };
}

function dataStore(c: Context): PlanStep {
  const gsi = atLeast(c.to, '2.1') && c.facts.databases.some((db) => !usesViews(db) && !isWalrus(db.server?.value));
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

function certificatesApi(c: Context): PlanStep | null {
  const f = c.facts;
  const evidence: Evidence[] = [];
  for (const db of f.databases) {
    if (typeof db.server?.value === 'string' && /^(couchbases|https):/i.test(db.server.value)) evidence.push(...ev(c, db.server, 'TLS to the data store'));
  }
  if (typeof f.bootstrapServer?.value === 'string' && /^couchbases:/i.test(f.bootstrapServer.value)) evidence.push(...ev(c, f.bootstrapServer, 'TLS to the data store'));
  evidence.push(...ev(c, f.caCert), ...ev(c, f.x509Cert));
  for (const db of f.databases) evidence.push(...ev(c, db.cacertpath), ...ev(c, db.certpath));
  const tlsByDefault = f.kind === 'legacy' && crosses(c.from, c.to, '3.0') && f.useTlsServer?.value !== false && evidence.length === 0 && f.databases.some((db) => !isWalrus(db.server?.value));
  if (tlsByDefault) evidence.push(f.useTlsServer ? evidenceOf(f.useTlsServer, c.source) : absenceOf('', 'use_tls_server', c.source.lineOf, `from 3.0 TLS to the data store is on by default`));
  if (evidence.length === 0) return null;
  return {
    id: 'certificates-api',
    title: 'Move data-store certificate handling to the trusted-CAs API (Couchbase Server 7.1 and later)',
    why: 'The gateway connects to the data store over TLS, so the data store\'s root certificate matters. From Couchbase Server 7.1 the single-root-CA API is deprecated: `POST /controller/uploadClusterCA` is replaced by `POST /node/controller/loadTrustedCAs` and `GET /pools/default/certificate` by `GET /pools/default/trustedCAs`. Once a root certificate was loaded through the new API, the old GET answers 400, so scripts and monitoring that read it break.',
    evidence,
    actions: [
      { text: 'Inspect the CA the gateway trusts (what the deprecated GET used to answer), offline.', command: `sgconf cert ${caPathOf(f)}` },
      { text: 'Load root certificates on each data-store node through the new API (the node reads them from its inbox/CA folder).', command: 'curl -X POST -u "$CB_ADMIN" http://<cb-node>:8091/node/controller/loadTrustedCAs' },
      { text: 'Read the trusted CAs with the new API in scripts and monitoring.', command: 'curl -u "$CB_ADMIN" http://<cb-node>:8091/pools/default/trustedCAs' },
    ],
    checks: [
      'No script or monitor still calls `GET /pools/default/certificate` or `POST /controller/uploadClusterCA`.',
      'The CA file the gateway uses (`ca_cert_path` / `cacertpath`, or the system store) is among the trusted CAs and `sgconf cert` shows no expiry warning for it.',
    ],
  };
}

function caPathOf(f: ConfigFacts): string {
  const candidates = [f.caCert, ...f.databases.map((db) => db.cacertpath)];
  const found = candidates.find((l) => typeof l?.value === 'string' && l.value !== '');
  return found ? String(found.value) : '<ca.pem>';
}

function viewPrebuild(c: Context): PlanStep | null {
  if (!(atLeast(c.from, '1.1') && before(c.from, '1.5') && atLeast(c.to, '1.5'))) return null;
  const dbs = c.facts.databases.filter((db) => !isWalrus(db.server?.value) && (before(c.to, '2.1') || usesViews(db)));
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

function shadowing(c: Context): PlanStep | null {
  const dbs = c.facts.databases.filter((db) => db.shadow !== undefined);
  if (dbs.length === 0) return null;
  return {
    id: 'bucket-shadowing',
    title: 'Replace bucket shadowing with shared bucket access',
    why: 'Bucket shadowing is unsupported since 1.5, must move to `deprecated.shadow` in 2.1 – 2.6, is removed in 2.7 (the key makes startup fail) and is an unknown key in 3.x. Shared bucket access lets other applications write to the gateway\'s bucket directly, which is what shadowing emulated.',
    evidence: [...dbs.flatMap((db) => ev(c, db.shadow)), ...diagnosticEvidence(c, (r) => r === 'upgrade/shadow')],
    actions: [
      ...(before(c.from, '1.5') ? [{ text: 'Upgrade to 1.5 first (shared bucket access does not exist before 1.5), keeping `shadow` for now.' }] : []),
      { text: 'On staging first: point the database at the shadowed bucket itself (the one the other applications write to) with `"enable_shared_bucket_access": true` and import on (`import_docs`), an `import_filter` taking the place of `shadow.doc_id_regex`, and without `shadow`. Documents written to that bucket are then imported by the gateway.' },
      { text: 'Roll the change out node by node (shared bucket access step below), then remove `shadow` (and `deprecated`) from every node\'s config.' },
      { text: 'After a verification period, retire the bucket the gateway used to mirror into.' },
    ],
    checks: ['No application writes to the shadowed bucket any more.', 'Documents written directly to the gateway\'s bucket appear in the changes feed (`GET /{db}/_changes`).'],
  };
}

function firstGeneration(c: Context): PlanStep | null {
  const f = c.facts;
  if (f.firstGenPointer === undefined || atLeast(c.from, '3.0')) return null;
  if (before(c.to, '2.8')) return null;
  const mustMove = atLeast(c.to, '3.0');
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
  if (before(c.from, '2.8') && mustMove) {
    actions.push({ text: `Upgrade every node to 2.8 first (a rolling upgrade as below) and let the first-generation replications run there: only a 2.8 node re-uses their checkpoints, and only a checkpoint written by 2.8 matches. Going straight to ${c.to.text} restarts every replication from zero.` });
  } else if (before(c.from, '2.8')) {
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
      `\`${before(c.from, '3.0') ? 'curl' : c.curl} ${c.base}/<db>/_replicationStatus/<replication_id>\` shows each replication running.`,
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

function sharedBucketAccess(c: Context): PlanStep | null {
  const f = c.facts;
  const to4 = crosses(c.from, c.to, '4.0');
  const off = f.databases.filter((db) => db.sharedBucketAccess?.value !== true && !isWalrus(db.server?.value));
  const enablingNow = f.databases.filter((db) => db.sharedBucketAccess?.value === true && before(c.from, '1.5') && atLeast(c.to, '1.5'));
  const shadow = f.databases.some((db) => db.shadow !== undefined) && atLeast(c.to, '1.5');
  const bootstrapTo4 = f.kind === 'bootstrap' && to4;
  if (!(to4 && off.length > 0) && enablingNow.length === 0 && !shadow && !bootstrapTo4) return null;
  const evidence: Evidence[] = [];
  for (const db of f.databases) {
    if (db.sharedBucketAccess) evidence.push(evidenceOf(db.sharedBucketAccess, c.source, db.sharedBucketAccess.value === true ? undefined : 'fails to load from 4.0'));
    else if (to4 && !isWalrus(db.server?.value)) evidence.push(absenceOf(db.pointer, 'enable_shared_bucket_access', c.source.lineOf, f.kind === 'legacy' ? 'the 3.x upgrade stores false, which fails to load from 4.0' : 'check the stored value'));
    evidence.push(...ev(c, db.importDocs));
  }
  // The change is made on the running version: a maintenance window is needed when that version uses GSI indexes.
  const gsi = f.databases.some((db) => !usesViews(db)) && atLeast(c.from, '2.1');
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
          command: `${before(c.from, '3.0') ? 'curl' : `curl -u "$SG_ADMIN_USER"`} -X POST ${c.base}/${f.kind === 'database' && off[0] ? off[0].name : '<db>'}/_config -H 'Content-Type: application/json' -d '{"enable_shared_bucket_access": true}'` },
      { text: gsi ? 'Plan a maintenance window: with GSI indexes every index name changes (`sg_<name>_x1` instead of `sg_<name>_1`), so new indexes are built while the database waits for them.' : 'Expect the databases to be unavailable while they reload.' },
    ],
    checks: [
      'Every database comes online after the restart (`GET /{db}/` shows `"state": "Online"`).',
      'No document has a very large history of channels or revisions: the system extended attribute that now carries the metadata is limited to 1 MB, and a document that exceeds it cannot be written.',
      'Documents written directly to the bucket appear in the changes feed (import works on the import node).',
    ],
  };
}

function viewsAndIndexes(c: Context): PlanStep | null {
  const f = c.facts;
  const relevant = crosses(c.from, c.to, '2.0') || crosses(c.from, c.to, '2.1') || crosses(c.from, c.to, '3.1') || crosses(c.from, c.to, '3.3');
  if (!relevant) return null;
  const evidence: Evidence[] = [];
  for (const db of f.databases) {
    evidence.push(...ev(c, db.useViews), ...ev(c, db.numIndexReplicas), ...ev(c, db.indexNumReplicas));
  }
  const toGsi = crosses(c.from, c.to, '2.1') && f.databases.some((db) => !usesViews(db) && !isWalrus(db.server?.value));
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
  if (f.databases.some(usesViews) && atLeast(c.to, '2.0')) {
    actions.push({ text: 'With `use_views: true` the design documents carry the version in their names (`sync_gateway_2.0`, `sync_gateway_2.1`), so the new ones are built next to the old ones; make room for both.' });
  }
  if (crosses(c.from, c.to, '3.3') && f.databases.some((db) => db.numIndexReplicas)) {
    actions.push({ text: 'From 3.3 prefer `index.num_replicas` over `num_index_replicas` (deprecated, warned at start); never set both (an error).' });
  }
  if (crosses(c.from, c.to, '3.1')) {
    actions.push({ text: 'From 3.1 principals are looked up through separate `users` and `roles` indexes, created at the first start of a 3.1 node.' });
  }
  return {
    id: 'views-and-indexes',
    title: 'Check views and indexes for the new version',
    why: crosses(c.from, c.to, '2.1')
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

function persistentConfig(c: Context): PlanStep | null {
  const f = c.facts;
  if (f.kind !== 'legacy' || before(c.to, '3.0')) return null;
  const legacyMode = isLegacyMode(c.source.value);
  const servers = f.databases.map((db) => db.server).filter((s) => s !== undefined);
  const nonTls = f.databases.filter((db) => typeof db.server?.value === 'string' && !/^couchbases:/i.test(db.server.value) && !isWalrus(db.server.value));
  const credentials = f.databases.filter((db) => db.username || db.password || db.certpath || (typeof db.server?.value === 'string' && /:\/\/[^/@]+@/.test(db.server.value)));
  const principals = f.databases.filter((db) => db.users || db.roles);
  const evidence: Evidence[] = [
    ...ev(c, f.disablePersistentConfig),
    ...(f.groupId ? ev(c, f.groupId) : [absenceOf('', 'config_upgrade_group_id', c.source.lineOf, 'the nodes join the config group "default"')]),
    ...servers.flatMap((s) => ev(c, s)),
    ...ev(c, f.useTlsServer),
    ...credentials.flatMap((db) => [...ev(c, db.username), ...ev(c, db.password), ...ev(c, db.certpath)]),
    ...ev(c, f.adminAuth), ...ev(c, f.metricsAuth),
    ...principals.flatMap((db) => [...ev(c, db.users), ...ev(c, db.roles)]),
    ...diagnosticEvidence(c, (r) => r === 'upgrade/server-mismatch' || r === 'upgrade/credentials-differ' || r === 'upgrade/http-port'),
  ];
  const handWritten = c.diagnostics.some((d) => d.rule === 'upgrade/server-mismatch' || d.rule === 'upgrade/http-port') ||
    new Set(servers.map((s) => String(s.value))).size > 1;
  const dir = c.file.includes('/') ? c.file.slice(0, c.file.lastIndexOf('/')) : '.';
  const actions: Action[] = [
    { text: f.groupId ? `The config group is set (\`config_upgrade_group_id\`); keep the same group id on every node of this deployment.` : 'Choose the config group before the first start of any 3.x node: a node without `bootstrap.group_id` joins the group "default", and if another deployment already registered that group in the same buckets the node takes its configs. Set it with `--group-id` below (EE only).' },
    { text: handWritten
      ? 'Write the bootstrap config by hand (sgconf convert does it, and you review it): the databases do not share one server address, so the gateway\'s automatic upgrade refuses this config.'
      : 'Convert the config into a bootstrap config, database configs and principals (or let the first 3.x start convert it in place; that is one-way and needs write access to ' + dir + ' for the backup and the rewritten file).',
    command: `sgconf convert ${c.file} --out ${c.to.text}-config${f.groupId ? '' : ' --group-id <group>'}` },
    { text: credentials.length
      ? `Decide who supplies the bootstrap credentials: the gateway's own upgrade takes them from one database (${credentials.map((db) => `"${db.name}"`).join(', ')}; which one is not deterministic when they differ). Review \`bootstrap.username\`/\`password\` or \`x509_cert_path\`/\`x509_key_path\` in the bootstrap config, and give per-database credentials in \`database_credentials\` when they differ.`
      : 'Decide who supplies the bootstrap credentials: the config has none, so set `bootstrap.username`/`password` (an RBAC user of the data store with access to every bucket) or an X.509 pair in the bootstrap config.' },
    { text: nonTls.length
      ? `TLS to the data store is on by default from 3.0 and ${nonTls.map((db) => `"${db.name}"`).join(', ')} use${nonTls.length === 1 ? 's' : ''} a non-TLS address: switch to \`couchbases://\` (with \`bootstrap.ca_cert_path\` when the data store's CA is not in the system store), or set \`"use_tls_server": false\` only knowingly.`
      : 'TLS to the data store is on by default from 3.0: keep `couchbases://` addresses and set `bootstrap.ca_cert_path` when the CA is not in the system store.' },
    { text: 'The admin and metrics APIs require data-store RBAC users from 3.0: create users with the Sync Gateway roles for the operators and monitors (Prometheus) or, only knowingly, set `api.admin_interface_authentication` / `api.metrics_interface_authentication` to false.' },
    { text: 'After the first 3.x node is up with the bootstrap config, create each database from its database config.', command: `${c.curl} -X PUT ${c.base}/<db>/ -H 'Content-Type: application/json' -d @${c.to.text}-config/databases/<db>.json` },
  ];
  if (principals.length) {
    actions.push({ text: `Create the users and roles of ${principals.map((db) => `"${db.name}"`).join(', ')} through the admin API: the gateway's own upgrade keeps the principals of only one database.`, command: `${c.curl} -X POST ${c.base}/<db>/_user/ -H 'Content-Type: application/json' -d @user.json` });
  }
  if (atLeast(c.to, '4.0')) actions.push({ text: 'Check that no stored database config has `enable_shared_bucket_access: false` (see the shared bucket access step): 4.x does not load it.' });
  return {
    id: 'persistent-config',
    title: 'Move to persistent configuration (3.x)',
    why: (legacyMode ? 'The config sets `disable_persistent_config`, so 3.x runs it in legacy mode; moving to persistent configuration is still recommended and is what follows. ' : '') +
      'A 3.x node converts a legacy config once and for all: databases are stored in their buckets, the file is backed up and rewritten as a bootstrap config. The conversion is one way.',
    evidence,
    actions,
    checks: [
      `\`${c.curl} ${c.base}/_config\` shows the bootstrap config with the intended server, group and TLS settings.`,
      `\`${c.curl} ${c.base}/<db>/_config\` answers for every database, and \`GET /{db}/\` shows it online.`,
      'The original config is kept (the backup `<name>-backup-<unix seconds>.json` when the gateway converted it itself).',
    ],
  };
}

function rollingUpgrade(c: Context): PlanStep {
  const health = atLeast(c.to, '3.0') ? `${c.curl} ${c.base}/` : `curl ${c.base}/`;
  const dbs = c.facts.databases.map((db) => db.name);
  return {
    id: 'rolling-upgrade',
    title: `Rolling upgrade of the gateway nodes to ${c.to.text}`,
    why: 'A rolling upgrade keeps the service up: one node at a time leaves the load balancer, is upgraded and comes back; nodes of both versions serve side by side meanwhile.',
    evidence: [...ev(c, c.facts.adminInterface), ...c.facts.databases.map((db) => ({ pointer: db.pointer, line: c.source.lineOf(db.pointer), text: `database "${db.name}"` }))],
    actions: [
      { text: 'Take one node out of the load balancer and wait for its connections to drain.' },
      { text: `Stop Sync Gateway on it, install ${c.to.text}, and start it with its config.` },
      { text: 'Wait until it answers on the admin REST API with the new version.', command: health },
      ...(dbs.length ? [{ text: `Wait until every database on it is online (${dbs.map((n) => `"${n}"`).join(', ')}).`, command: `${health}${dbs[0]}/` }] : []),
      { text: 'Put the node back into the load balancer, then repeat for the next node.' },
    ],
    checks: [
      `The node reports version ${c.to.text} and every database \`"state": "Online"\` before the next node is taken out.`,
      'Error rate and response times at the load balancer are back to normal.',
    ],
  };
}

// Design documents each version line installs (reference 9.3).
function designDocsOf(v: Version): string[] {
  if (before(v, '2.0')) return ['sync_gateway', 'sync_housekeeping'];
  if (before(v, '2.1')) return ['sync_gateway_2.0', 'sync_housekeeping_2.0'];
  return ['sync_gateway_2.1', 'sync_housekeeping_2.1'];
}

/** Design documents `_post_upgrade` of version `to` removes, for a database that does or does not use views. */
export function removedByPostUpgrade(to: Version, useViews: boolean): string[] {
  if (before(to, '2.0')) return [];
  const removed = ['sync_gateway', 'sync_housekeeping'];
  if (atLeast(to, '2.6')) removed.push('sync_gateway_2.0', 'sync_housekeeping_2.0');
  if (atLeast(to, '2.7') && !useViews) removed.push('sync_gateway_2.1', 'sync_housekeeping_2.1');
  return removed;
}

/** Obsolete design documents that may exist after running `from` and that `to` removes. */
export function obsoleteDesignDocs(from: Version, to: Version, useViews: boolean): string[] {
  const present = new Set<string>(['sync_gateway', 'sync_housekeeping']);
  if (atLeast(from, '2.0')) designDocsOf({ major: 2, minor: 0, text: '2.0' }).forEach((d) => present.add(d));
  if (atLeast(from, '2.1')) designDocsOf(from).forEach((d) => present.add(d));
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
  if (before(c.to, '2.0')) return null;
  const dbs = c.facts.databases.filter((db) => !isWalrus(db.server?.value));
  const perDb = dbs.map((db) => ({ db, docs: obsoleteDesignDocs(c.from, c.to, usesViews(db)) }));
  const anyDocs = perDb.some((p) => p.docs.length > 0) || (c.facts.kind === 'bootstrap' && removedByPostUpgrade(c.to, false).length > 0 && before(c.from, '2.7'));
  const indexes = atLeast(c.to, '2.1') && (crosses(c.from, c.to, '3.3') || c.facts.databases.some((db) => db.sharedBucketAccess !== undefined));
  if (!anyDocs && !indexes) return null;
  const evidence: Evidence[] = perDb.flatMap(({ db, docs }) => docs.length
    ? [db.useViews ? evidenceOf(db.useViews, c.source, `database "${db.name}" uses ${usesViews(db) ? 'views' : 'GSI'}`) : { pointer: db.pointer, line: c.source.lineOf(db.pointer), text: `database "${db.name}" uses GSI (no "use_views")` }]
    : []);
  return {
    id: 'post-upgrade',
    title: 'After every node is upgraded: remove obsolete design documents and indexes',
    why: `The gateway never removes the design documents (or indexes) of earlier versions by itself. For ${c.from.text} → ${c.to.text}, \`_post_upgrade\` removes ${perDb.some((p) => p.docs.length) ? [...new Set(perDb.flatMap((p) => p.docs))].map((d) => `\`${d}\``).join(', ') : 'what the earlier versions left'}` +
      (atLeast(c.to, '3.3') ? ', and every `sg_` index no loaded database uses.' : atLeast(c.to, '2.1') ? ', and the indexes of the opposite shared-bucket-access setting.' : '.') +
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
