import { describe, expect, it } from 'vitest';
import { buildPlan, blockingDiagnostics } from '../../src/plan/build.js';
import { obsoleteDesignDocs, removedByPostUpgrade } from '../../src/plan/steps/post-upgrade.js';
import { readConfigSource } from '../../src/plan/source.js';
import { compareVersions, parseVersion, type Version } from '../../src/releases/lines.js';
import { makePlan, planKind } from '../../src/plan/make.js';
import { parseRelease, RELEASES } from '../../src/releases/index.js';
import type { Diagnostic, Kind } from '../../src/types.js';

const v = (text: string): Version => parseVersion(text)!;

async function plan(config: unknown, from: string, to: string, kind: Kind = 'legacy', diagnostics: Diagnostic[] = []) {
  const text = JSON.stringify(config, null, 2);
  const source = (await readConfigSource(text, 'sync_gateway.json', null))!;
  return buildPlan({ file: 'sync_gateway.json', kind, source, diagnostics, from: v(from), to: v(to) });
}

function diagnostic(rule: string, pointer: string, severity: Diagnostic['severity'] = 'error'): Diagnostic {
  return { rule, severity, message: `${rule} finding`, pointer, line: 3, column: 1, endLine: 3, endColumn: 2 };
}

describe('versions', () => {
  it('accepts known release lines as x.y or x.y.z and rejects others', async () => {
    for (const text of ['1.4', '1.5', '2.0', '2.1', '2.5', '2.7', '2.8', '3.0', '3.1', '3.2', '3.3', '4.0', '4.1', '2.8.3', '3.1.11']) expect(parseVersion(text)).not.toBeNull();
    for (const text of ['9.9', '2.3', '3', 'latest', '3.1.x', '']) expect(parseVersion(text)).toBeNull();
    expect(compareVersions(v('2.8.3'), v('2.8'))).toBeGreaterThan(0);
    expect(compareVersions(v('2.8'), v('3.0'))).toBeLessThan(0);
    expect(compareVersions(v('3.0.8.1'), v('3.0.8'))).toBeGreaterThan(0);
  });

  it('reads every version text lint reads, and the reverse for the lines lint judges', () => {
    // One reader (src/releases/lines.ts): a 3.0.8.1 build is a version for both commands.
    const texts = ['2.8', '2.8.3', '3.0.8.1', ' 3.1.4 ', '4.1.1', '04.1', '3.2.0.0', '2.7', '1.5', '3.4', '3', '3.1.', '3.1.2.3.4', 'v3.1', '3.1-beta'];
    for (const text of texts) {
      const release = parseRelease(text);
      const version = parseVersion(text);
      if (release !== null) expect(version?.line, text).toBe(release);
      if (version !== null && (RELEASES as readonly string[]).includes(version.line)) expect(release, text).toBe(version.line);
    }
    expect(parseVersion('3.0.8.1')?.line).toBe('3.0');
    expect(parseRelease('3.0.8.1')).toBe('3.0');
    expect(parseVersion('1.5')?.line).toBe('1.5');
    expect(parseRelease('1.5')).toBeNull();
  });
});

describe('_post_upgrade design documents (reference 9.3)', () => {
  it('names what each target version removes', async () => {
    expect(removedByPostUpgrade(v('1.5'), false)).toEqual([]);
    expect(removedByPostUpgrade(v('2.5'), true)).toEqual(['sync_gateway', 'sync_housekeeping']);
    expect(removedByPostUpgrade(v('2.6'), false)).toEqual(['sync_gateway', 'sync_housekeeping', 'sync_gateway_2.0', 'sync_housekeeping_2.0']);
    expect(removedByPostUpgrade(v('2.7'), true)).toEqual(['sync_gateway', 'sync_housekeeping', 'sync_gateway_2.0', 'sync_housekeeping_2.0']);
    expect(removedByPostUpgrade(v('3.1'), false)).toContain('sync_gateway_2.1');
  });
  it('only lists documents that the earlier versions can have left', async () => {
    expect(obsoleteDesignDocs(v('1.4'), v('2.1'), true)).toEqual(['sync_gateway', 'sync_housekeeping']);
    expect(obsoleteDesignDocs(v('2.0'), v('2.5'), true)).toEqual(['sync_gateway', 'sync_housekeeping']);
    expect(obsoleteDesignDocs(v('1.5'), v('2.8'), false)).toEqual(['sync_gateway', 'sync_housekeeping']);
    expect(obsoleteDesignDocs(v('2.1'), v('2.8'), true)).toEqual(['sync_gateway', 'sync_housekeeping', 'sync_gateway_2.0', 'sync_housekeeping_2.0']);
  });
});

describe('buildPlan', () => {
  const legacy = {
    adminInterface: '0.0.0.0:4985',
    databases: {
      db: { server: 'http://cb1:8091', bucket: 'app', username: 'sg', password: 'hunter2', use_views: true },
    },
  };

  it('orders steps and ends with the rolling upgrade and _post_upgrade naming the design documents', async () => {
    const p = await plan(legacy, '2.0', '2.8');
    expect(p.steps.map((s) => s.id)).toEqual(['prepare', 'data-store', 'views-and-indexes', 'rolling-upgrade', 'post-upgrade']);
    const post = p.steps.at(-1)!;
    expect(post.actions.map((a) => a.command)).toEqual([
      "curl -X POST 'http://localhost:4985/_post_upgrade?preview=true'",
      'curl -X POST http://localhost:4985/_post_upgrade',
    ]);
    expect(post.checks[0]).toContain('sync_gateway, sync_housekeeping, sync_gateway_2.0, sync_housekeeping_2.0 ("db")');
    expect(post.evidence).toEqual([{ pointer: '/databases/db/use_views', line: 9, text: '"use_views": true (database "db" uses views)' }]);
  });

  it('never quotes a password', async () => {
    const p = await plan({ databases: { db: { server: 'http://sg:s3cret@cb1:8091', password: 'hunter2' } } }, '2.8', '3.0');
    const text = JSON.stringify(p);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('s3cret');
    expect(text).toContain('http://sg:****@cb1:8091');
  });

  it('plans the persistent-config move for a legacy config going to 3.x, with group id, TLS and principals', async () => {
    const p = await plan({ databases: { a: { server: 'couchbase://cb1', users: { GUEST: { disabled: true } } } } }, '2.8', '3.1');
    const step = p.steps.find((s) => s.id === 'persistent-config')!;
    expect(step.evidence.map((e) => e.pointer)).toEqual(expect.arrayContaining(['', '/databases/a/server', '/databases/a/users']));
    const text = step.actions.map((a) => a.text).join('\n');
    expect(text).toContain('bootstrap.group_id');
    expect(text).toContain('"a" uses a non-TLS address');
    expect(text).toContain('RBAC users');
    expect(step.actions.some((a) => a.command?.startsWith('sgconf convert sync_gateway.json --out 3.1-config --group-id'))).toBe(true);
    expect(p.steps.some((s) => s.id === 'certificates-api')).toBe(true);
  });

  it('has no persistent-config step for 2.x targets nor for 3.x configs', async () => {
    expect((await plan(legacy, '2.1', '2.8')).steps.some((s) => s.id === 'persistent-config')).toBe(false);
    expect((await plan({ bootstrap: { server: 'couchbases://cb1' } }, '3.0', '3.1', 'bootstrap')).steps.some((s) => s.id === 'persistent-config')).toBe(false);
  });

  it('pre-builds the 1.5 views with the three view-API calls', async () => {
    const step = (await plan({ databases: { db: { server: 'http://cb1:8091', bucket: 'app' } } }, '1.3', '1.5')).steps.find((s) => s.id === 'view-prebuild')!;
    expect(step.actions.map((a) => a.command)).toEqual([
      'curl -u "$CB_ADMIN" http://<staging-cb-node>:8092/<staging-bucket>/_design/sync_gateway > sync_gateway.ddoc.json',
      `curl -u "$CB_ADMIN" -X PUT -H 'Content-Type: application/json' http://cb1:8092/app/_design/dev_sync_gateway -d @sync_gateway.ddoc.json`,
      `curl -u "$CB_ADMIN" 'http://cb1:8092/app/_design/dev_sync_gateway/_view/role_access_vbseq?full_set=true&stale=false&limit=1'`,
    ]);
    expect(step.why).toContain('75 s');
  });

  it('requires shared bucket access before 4.x and points at the databases that lack it', async () => {
    const p = await plan({ databases: { on: { server: 'couchbases://cb', enable_shared_bucket_access: true }, off: { server: 'couchbases://cb' } } }, '3.1', '4.0');
    const step = p.steps.find((s) => s.id === 'shared-bucket-access')!;
    expect(step.evidence.map((e) => e.pointer)).toEqual(['/databases/on/enable_shared_bucket_access', '/databases/off']);
    expect(step.actions[1].text).toContain('"off"');
    expect(step.checks.join(' ')).toContain('1 MB');
    expect((await plan({ databases: { on: { server: 'couchbases://cb', enable_shared_bucket_access: true } } }, '3.1', '4.0')).steps.some((s) => s.id === 'shared-bucket-access')).toBe(false);
  });

  it('moves first-generation replications to 3.x with a concrete inter-gateway definition', async () => {
    const p = await plan({
      AdminInterface: '127.0.0.1:4985',
      databases: { db: { server: 'couchbases://cb', allow_conflicts: false } },
      replications: [{ replication_id: 'to-dc2', source: 'db', target: 'https://dc2:4985/db', continuous: true }],
    }, '2.8', '3.0');
    const step = p.steps.find((s) => s.id === 'first-generation-replication')!;
    expect(step.table!.rows.find((r) => r[4] !== '')![0]).toBe('3');
    expect(step.actions.find((a) => a.command?.startsWith('"replications"'))!.command).toBe(
      '"replications": {"to-dc2":{"replication_id":"to-dc2","remote":"https://dc2:4985/db","direction":"push","continuous":true}}');
    expect(step.evidence[0]).toMatchObject({ pointer: '/replications/0', line: 10 });
  });

  it('points the findings at the step that addresses them and leaves out findings about versions not reached', async () => {
    const diagnostics = [diagnostic('sgreplicate/removed', '/replications'), diagnostic('upgrade/shared-bucket-access-off', '/databases/db'), diagnostic('replication/max-backoff-time', '/databases/db', 'warning')];
    const config = { databases: { db: { server: 'couchbases://cb' } }, replications: [] };
    const to3 = await plan(config, '2.8', '3.0', 'legacy', diagnostics);
    expect(to3.findings.map((f) => [f.rule, f.step])).toEqual([['sgreplicate/removed', 'first-generation-replication'], ['replication/max-backoff-time', undefined]]);
    const to28 = await plan(config, '2.5', '2.8', 'legacy', diagnostics);
    expect(to28.findings.map((f) => f.rule)).toEqual(['replication/max-backoff-time']);
  });
});

describe('blockingDiagnostics', () => {
  it('blocks on errors the plan cannot resolve, not on those its steps address', async () => {
    const d = [
      diagnostic('schema/unknown-field', '/databases/db/sever'),
      diagnostic('sgreplicate/removed', '/replications'),
      diagnostic('upgrade/shadow', '/databases/db/shadow'),
      diagnostic('schema/unknown-field', '/databases/db/shadow/bucket'),
      diagnostic('security/non-tls-server', '/databases/db/server'),
      diagnostic('certs/file-unreadable', '/databases/db/cacertpath'),
      diagnostic('replication/max-backoff-time', '/x', 'warning'),
      diagnostic('upgrade/shared-bucket-access-off', '/databases/db2'),
      diagnostic('schema/unknown-field', '/databases/db2/sever'),
    ];
    expect(blockingDiagnostics(d, 'legacy', v('2.5'), v('3.0')).map((x) => x.pointer)).toEqual(['/databases/db/sever', '/databases/db2/sever']);
    // A 3.x bootstrap config with a non-TLS server does not start: that blocks.
    expect(blockingDiagnostics([diagnostic('security/non-tls-server', '/bootstrap/server')], 'bootstrap', v('3.0'), v('3.1'))).toHaveLength(1);
    // Errors about the 3.x conversion do not block an upgrade that stays on 2.x.
    expect(blockingDiagnostics([diagnostic('upgrade/shared-bucket', '/databases/b')], 'legacy', v('2.1'), v('2.8'))).toEqual([]);
    expect(blockingDiagnostics([diagnostic('upgrade/shared-bucket', '/databases/b')], 'legacy', v('2.1'), v('3.0'))).toHaveLength(1);
  });
});

describe('config source and kind', () => {
  it('locates pointers in the JSON dialect (backtick strings) and in YAML', async () => {
    const json = (await readConfigSource('{\n  "databases": {\n    "db": {\n      "sync": `function(doc) {\n  channel(doc.x);\n}`,\n      "server": "walrus:"\n    }\n  }\n}\n', 'c.json', null))!;
    expect(json.lineOf('/databases/db/server')).toBe(7);
    expect((json.value as any).databases.db.sync).toContain('channel(doc.x)');
    const yaml = (await readConfigSource('bootstrap:\n  server: couchbases://cb\napi:\n  admin_interface: ":4985"\n', 'c.yaml', null))!;
    expect(yaml.lineOf('/api/admin_interface')).toBe(4);
    expect(planKind(yaml.value)).toBe('bootstrap');
    expect(planKind({ databases: {} })).toBe('legacy');
    expect(planKind({ bucket: 'b', num_index_replicas: 0 })).toBe('database');
  });
});

describe('environment references', () => {
  // The gateway expands the environment before it parses: the plan decides on what it reads, and quotes the reference.
  const text = '{\n  "databases": {\n    "db": {\n      "server": "${SG_SERVER}",\n      "bucket": "db",\n      "use_views": ${USE_VIEWS}\n    }\n  }\n}\n';
  const env = { SG_SERVER: 'couchbases://cb.internal.example', USE_VIEWS: 'true' };

  it('plans from the expanded values and quotes the references as written', async () => {
    const outcome = await makePlan(text, 'sg.json', { from: v('2.5'), to: v('3.0'), lint: { env, remote: false } });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.blocking));
    const evidence = outcome.plan.steps.flatMap((s) => s.evidence);
    expect(evidence).toContainEqual({ pointer: '/databases/db/use_views', line: 6, text: '"use_views": ${USE_VIEWS} (database "db" uses views)' });
    expect(evidence).toContainEqual({ pointer: '/databases/db/server', line: 4, text: '"server": "${SG_SERVER}" (TLS to the data store)' });
    expect(JSON.stringify(outcome.plan)).not.toContain('cb.internal.example');
  });

  it('reports an undefined variable as the lint does, at its position', async () => {
    const outcome = await makePlan(text, 'sg.json', { from: v('2.5'), to: v('3.0'), lint: { env: { SG_SERVER: 'couchbases://cb' }, remote: false } });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.blocking[0]).toMatchObject({ rule: 'source/undefined-variable', line: 6, column: 20 });
  });

describe('environment expansion (3.0)', () => {
  const text = JSON.stringify({ databases: { db: { server: 'couchbases://cb', enable_shared_bucket_access: true, password: 'pa$sword' } } }, null, 2);
  it('from 2.8 to 4.1: a step to escape the dollar signs, not a refusal', async () => {
    const outcome = await makePlan(text, 'sg.json', { from: v('2.8'), to: v('4.1'), lint: { env: {}, remote: false } });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const step = outcome.plan.steps.find((s) => s.id === 'environment-expansion');
    expect(step?.evidence.map((e) => e.pointer)).toEqual(['/databases/db/password']);
    expect(outcome.plan.findings.find((f) => f.rule === 'source/undefined-variable')?.step).toBe('environment-expansion');
  });
  it('from 3.0 on the file is already read that way: the error blocks the plan', async () => {
    const outcome = await makePlan(text, 'sg.json', { from: v('3.0'), to: v('4.1'), lint: { env: {}, remote: false } });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.blocking.map((d) => d.rule)).toContain('source/undefined-variable');
  });
});
});

describe('the prepare step counts the findings the plan lists', () => {
  const config = { databases: { db: { server: 'http://cb:8091', bucket: 'b' } } };
  const check = (p: Awaited<ReturnType<typeof plan>>) => p.steps.find((s) => s.id === 'prepare')!.checks[1];

  it('counts only the findings listed at the end, not those about releases the upgrade does not reach', async () => {
    const findings = [diagnostic('upgrade/removed-key', '/log', 'warning'), diagnostic('logging/log-keys', '/log/0', 'warning')];
    const staying = await plan(config, '2.1', '2.8', 'legacy', findings);
    expect(staying.findings.map((f) => f.rule)).toEqual(['logging/log-keys']);
    expect(check(staying)).toBe('The 1 lint finding listed at the end of this plan is read and understood.');
    const only = await plan(config, '2.1', '2.8', 'legacy', [diagnostic('upgrade/removed-key', '/log', 'warning')]);
    expect(only.findings).toEqual([]);
    expect(check(only)).toBe('sgconf lint reports nothing about the releases this upgrade reaches.');
    expect(check(await plan(config, '2.1', '2.8'))).toBe('sgconf lint reports nothing for this config.');
  });
});
