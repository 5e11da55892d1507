// convert/decision-needed: emitted by the pure converter (src/convert/legacy.ts) for each decision not taken.
import { describe, expect, it } from 'vitest';
import { convertLegacy } from '../../../src/convert/legacy.js';
import { cb, expectFinding, expectNone, findings } from './helpers.js';

const sba = { enable_shared_bucket_access: true };
const taken = (pairs: Record<string, string>) => ({ decisions: new Map(Object.entries(pairs)) });

describe('convert/decision-needed', () => {
  it('reports the failing example', () => {
    expectFinding({ databases: { db: { server: 'couchbase://cb1', ...sba } } }, 'convert/decision-needed', 'error', '/databases/db/server', /^decision server-tls: /);
  });
  it('is quiet on the passing example', () => {
    expectNone({ databases: { db: { server: cb, ...sba } } }, 'convert/decision-needed');
  });
  it('is quiet once the decision is taken', () => {
    expectNone({ databases: { db: { server: 'couchbase://cb1', ...sba } } }, 'convert/decision-needed', taken({ 'server-tls': 'tls' }));
  });
  it('a choice that is not one of the decision\'s leaves it pending', () => {
    expectFinding({ databases: { db: { server: 'couchbase://cb1', ...sba } } }, 'convert/decision-needed', 'error', '/databases/db/server', /server-tls/, taken({ 'server-tls': 'tsl' }));
  });

  // One row per decision: the input that asks it, and what each choice writes.
  const rows: { id: string; config: object; choices: Record<string, (r: ReturnType<typeof convertLegacy>) => unknown>; expected: Record<string, unknown> }[] = [
    {
      id: 'server-tls', config: { databases: { db: { server: 'couchbase://cb1:11210', ...sba } } },
      choices: { tls: (r) => (r.bootstrap.bootstrap as Record<string, unknown>), 'clear-text': (r) => (r.bootstrap.bootstrap as Record<string, unknown>) },
      expected: { tls: { server: 'couchbases://cb1:11207' }, 'clear-text': { server: 'couchbase://cb1:11210', use_tls_server: false } },
    },
    {
      id: 'server', config: { databases: { a: { server: cb, ...sba }, b: { server: 'couchbases://cb2', ...sba } } },
      choices: { a: (r) => Object.keys(r.databases), b: (r) => Object.keys(r.databases) },
      expected: { a: ['a'], b: ['b'] },
    },
    {
      id: 'missing-server', config: { databases: { a: { server: cb, ...sba }, b: { ...sba } } },
      choices: { 'bootstrap-server': (r) => Object.keys(r.databases), omit: (r) => Object.keys(r.databases) },
      expected: { 'bootstrap-server': ['a', 'b'], omit: ['a'] },
    },
    {
      id: 'missing-server', config: { databases: { a: { bucket: 'walrus:', ...sba } } },
      choices: { walrus: (r) => (r.bootstrap.bootstrap as Record<string, unknown>).server },
      // 4.1 opens no bootstrap address in memory but rosmar's own (base/rosmar_cluster.go@4.1.0).
      expected: { walrus: 'rosmar:/?mode=memory' },
    },
    {
      id: 'walrus-folder', config: { databases: { a: { server: 'walrus:data', ...sba } } },
      choices: { memory: (r) => (r.bootstrap.bootstrap as Record<string, unknown>).server, folder: (r) => (r.bootstrap.bootstrap as Record<string, unknown>).server },
      expected: { memory: 'rosmar:/?mode=memory', folder: './data' },
    },
    {
      id: 'shared-bucket-access', config: { databases: { db: { server: cb } } },
      choices: { enable: (r) => r.databases.db!.enable_shared_bucket_access, 'keep-off': (r) => r.databases.db!.enable_shared_bucket_access },
      expected: { enable: true, 'keep-off': false },
    },
    {
      id: 'sg-replicate', config: { replications: [{ replication_id: 'r', source: 'db', target: 'http://remote:4984/db', continuous: true }], databases: { db: { server: cb, ...sba } } },
      choices: { isgr: (r) => r.databases.db!.replications, drop: (r) => r.databases.db!.replications },
      expected: { isgr: { r: { replication_id: 'r', remote: 'http://remote:4984/db', direction: 'push', continuous: true } }, drop: undefined },
    },
    {
      id: 'old-logging', config: { log: ['CRUD', 'HTTP+'], logFilePath: '/var/log/sg', databases: { db: { server: cb, ...sba } } },
      choices: { carry: (r) => r.bootstrap.logging, drop: (r) => r.bootstrap.logging },
      expected: { carry: { console: { log_keys: ['CRUD', 'HTTP+'] }, log_file_path: '/var/log/sg' }, drop: undefined },
    },
    {
      id: 'old-logging', config: { logging: { default: { logFilePath: '/var/tmp/sg.log', logKeys: ['*'], logLevel: 'debug' } }, databases: { db: { server: cb, ...sba } } },
      choices: { carry: (r) => r.bootstrap.logging },
      expected: { carry: { log_file_path: '/var/tmp', console: { log_keys: ['*'], log_level: 'debug' } } },
    },
    {
      id: 'environment-references', config: { databases: { db: { server: cb, ...sba, sync: 'function (doc) { channel(doc.$Channels); }' } } },
      choices: { text: (r) => r.databases.db!.sync, references: (r) => r.databases.db!.sync },
      expected: { text: 'function (doc) { channel(doc.$$Channels); }', references: 'function (doc) { channel(doc.$Channels); }' },
    },
  ];
  for (const row of rows) {
    for (const [choice, read] of Object.entries(row.choices)) {
      it(`${row.id}=${choice} on ${JSON.stringify(row.config).slice(0, 60)}`, () => {
        const asked = convertLegacy(row.config as never, { target: '4.1' });
        expect(asked.decisions.map((d) => d.id)).toContain(row.id);
        expect(asked.decisions.find((d) => d.id === row.id)!.choices.map((c) => c.id)).toContain(choice);
        const others = Object.fromEntries(asked.decisions.filter((d) => d.id !== row.id).map((d) => [d.id, d.choices[0]!.id]));
        const result = convertLegacy(row.config as never, { target: row.id === 'shared-bucket-access' && choice === 'keep-off' ? '3.3' : '4.1', ...taken({ ...others, [row.id]: choice }) });
        expect(findings(row.config as never, 'convert/decision-needed', { target: '4.1', ...taken({ ...others, [row.id]: choice }) }).map((d) => d.message)).toEqual([]);
        expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        const value = read(result);
        if (typeof row.expected[choice] === 'object' && row.expected[choice] !== null) expect(value).toMatchObject(row.expected[choice] as object);
        else expect(value).toEqual(row.expected[choice]);
      });
    }
  }
});

describe('a second run never asks what the first did not', () => {
  it('whichever cluster is chosen, shared bucket access is asked in the first run', () => {
    const config = { databases: { a: { server: cb, enable_shared_bucket_access: true }, b: { server: 'couchbases://cb2' } } };
    const first = convertLegacy(config, { target: '4.1' });
    expect(first.decisions.map((d) => d.id).sort()).toEqual(['server', 'shared-bucket-access']);
    for (const server of ['a', 'b']) {
      const second = convertLegacy(config, { target: '4.1', decisions: new Map([['server', server], ['shared-bucket-access', 'enable']]) });
      expect(second.decisions.map((d) => d.id).sort()).toEqual(['server', 'shared-bucket-access']);
      expect(second.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    }
  });
});
