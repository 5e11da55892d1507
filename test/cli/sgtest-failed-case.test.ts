// What a failed case shows beside its failures: where its exception was made (the gateway's exception text
// and the line and column of the config or the function's file that threw) or where it called what rejected
// the write (sgconf dry-run says either beside the answer), and what the function wrote to the console.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from '../helpers/cli.js';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgtest-thrown-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  return dir;
}

/** The 1-based line and column where `part` first stands in `text` (after `after`, when given). */
function placeOf(text: string, part: string, after = ''): string {
  const at = text.indexOf(part, text.indexOf(after) + after.length);
  expect(at).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, at).split('\n');
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}

// A sync function written inline, as a JSON string: the member of null is read in the second line.
const SYNC = 'function(doc, oldDoc) {\n  channel("all");\n  var owner = doc._deleted ? oldDoc.owner : doc.owner;\n  requireUser(owner);\n}';
const CONFIG = JSON.stringify({ databases: { db: { server: 'couchbases://cb.example.com', bucket: 'db', enable_shared_bucket_access: true, sync: SYNC } } }, null, 2);
const CASES = `config: sg.json
cases:
  - name: a deletion without the old revision
    doc: {_deleted: true}
    expect: {rejected: false}
  - name: an owner writes
    doc: {owner: ann}
    userCtx: {name: ann}
    expect: {rejected: false}
`;

describe('a failed case that threw', () => {
  it('shows the exception and where it was made in the config, in every format', async () => {
    const dir = folder({ 'sg.json': CONFIG, 'db.sgtest.yaml': CASES });
    const place = `sg.json:${placeOf(CONFIG, 'oldDoc.owner')}`;
    const stylish = await runCli(['test'], { cwd: dir });
    expect(stylish.code).toBe(1);
    expect(stylish.stdout).toContain([
      '      rejected: expected false, got {"status":500,"message":"Exception in JS sync function"}',
      '      exception: Error returned from Sync Function: TypeError: Cannot access member \'owner\' of null',
      `        thrown at ${place}`,
    ].join('\n'));

    const json = JSON.parse((await runCli(['test', '--format', 'json'], { cwd: dir })).stdout);
    const [failed, passed] = json.results[0].cases;
    expect(failed.actual.thrownAt).toEqual({ file: 'sg.json', line: Number(place.split(':')[1]), column: Number(place.split(':')[2]) });
    expect(passed.passed).toBe(true);
    expect(passed.actual.thrownAt).toBeUndefined();

    const github = (await runCli(['test', '--format', 'github'], { cwd: dir })).stdout;
    const [line, column] = place.split(':').slice(1);
    expect(github).toContain(`::notice file=sg.json,line=${line},col=${column},title=sgconf test%3A a deletion without the old revision::the function threw here: Error returned from Sync Function: TypeError: Cannot access member 'owner' of null`);
    expect((await runCli(['test', '--format', 'junit'], { cwd: dir })).stdout).toContain(`thrown at ${place}`);
  });

  it('the same place under --coverage, whose counted text runs, and for 2.8\'s otto', async () => {
    const dir = folder({ 'sg.json': CONFIG, 'db.sgtest.yaml': CASES });
    const place = `thrown at sg.json:${placeOf(CONFIG, 'oldDoc.owner')}`;
    expect((await runCli(['test', '--coverage'], { cwd: dir })).stdout).toContain(place);
    expect((await runCli(['test', '--target', '2.8'], { cwd: dir })).stdout).toContain(place);
  });

  it('in a function file: a name not defined, and an Error the function made; a case that expects the exception passes', async () => {
    const js = '// orders\nfunction (doc) {\n  var smile = "\u{1F600}";\n  if (doc.type === "bad") {\n    throw new Error("bad type " + smile);\n  }\n  undefinedHelper(doc);\n}\n';
    const dir = folder({
      'sync.js': js,
      'sync.sgtest.yaml': `function: sync.js
cases:
  - name: a name not defined
    doc: {type: good}
    expect: {rejected: false}
  - name: a bad type
    doc: {type: bad}
    expect: {rejected: false}
  - name: the bad type's exception is expected
    doc: {type: bad}
    expect: {exception: bad type}
`,
    });
    const r = await runCli(['test'], { cwd: dir });
    expect(r.stdout).toContain(`exception: Error returned from Sync Function: ReferenceError: 'undefinedHelper' is not defined\n        thrown at sync.js:${placeOf(js, 'undefinedHelper')}`);
    // otto traces a new Error at its constructor's name.
    expect(r.stdout).toContain(`exception: Error returned from Sync Function: Error: bad type \u{1F600}\n        thrown at sync.js:${placeOf(js, 'Error("bad')}`);
    expect(r.stdout).toContain('2 failed');
  });

  it('an import filter in a YAML block scalar', async () => {
    const yaml = 'databases:\n  db:\n    server: couchbases://cb.example.com\n    bucket: db\n    enable_shared_bucket_access: true\n    import_docs: true\n    import_filter: |\n      function(doc) {\n        return doc.type.length > 0;\n      }\n';
    const dir = folder({ 'sg.yaml': yaml, 'imp.sgtest.yaml': 'config: sg.yaml\ncases:\n  - name: no type\n    importFilter: true\n    doc: {a: 1}\n    expect: {import: true}\n' });
    const r = await runCli(['test'], { cwd: dir });
    expect(r.stdout).toContain(`exception: Error returned from Import Filter: TypeError: Cannot access member 'length' of undefined\n        thrown at sg.yaml:${placeOf(yaml, 'doc.type.length')}`);
  });

  it('no place where otto names none in the function: inside eval\'d text, a thrown string', async () => {
    const sync = 'function(doc) {\n  if (doc.kind === "eval") eval("\\n\\nnull.x");\n  throw "plain text";\n}';
    const dir = folder({
      'sg.json': JSON.stringify({ databases: { db: { server: 'couchbases://cb.example.com', bucket: 'db', enable_shared_bucket_access: true, sync } } }),
      'db.sgtest.yaml': 'config: sg.json\ncases:\n  - name: eval\n    doc: {kind: eval}\n    expect: {rejected: false}\n  - name: text\n    doc: {kind: text}\n    expect: {rejected: false}\n',
    });
    const r = await runCli(['test'], { cwd: dir });
    expect(r.stdout).toContain('exception: Error returned from Sync Function: TypeError: Cannot access member \'x\' of null');
    expect(r.stdout).toContain('exception: Error returned from Sync Function: plain text');
    expect(r.stdout).not.toContain('thrown at');
  });
});

describe('a failed case that the function rejected', () => {
  const js = [
    'function (doc, oldDoc) {',
    '  function mustOwn(d) {',
    '    requireUser(d.owner);',
    '  }',
    '  if (doc.type === "bad") {',
    '    reject(400, "bad type");',
    '  }',
    '  if (doc.type === "thrown") throw({forbidden: "nope"});',
    '  if (doc.type === "owned") mustOwn(doc);',
    '  requireRole("editor");',
    '}',
    '',
  ].join('\n');
  const cases = `function: sync.js
cases:
  - name: a reject() call
    doc: {type: bad}
    expect: {rejected: false}
  - name: a require* of the function
    doc: {type: plain}
    userCtx: {name: bob}
    expect: {rejected: false}
  - name: a require* in a function of the function
    doc: {type: owned, owner: ann}
    userCtx: {name: bob}
    expect: {rejected: false}
  - name: a thrown forbidden object
    doc: {type: thrown}
    expect: {rejected: false}
  - name: the rejection expected
    doc: {type: bad}
    expect: {rejected: 400}
`;

  it('shows where the function called the reject() or the require* that refused the writer, or threw the object', async () => {
    const dir = folder({ 'sync.js': js, 'sync.sgtest.yaml': cases });
    const r = await runCli(['test'], { cwd: dir });
    expect(r.stdout).toContain(`got {"status":400,"message":"bad type"}\n        rejected at sync.js:${placeOf(js, 'reject(400')}\n`);
    expect(r.stdout).toContain(`got {"status":403,"message":"sg missing role"}\n        rejected at sync.js:${placeOf(js, 'requireRole(')}\n`);
    // The innermost call in the function: the require* inside its helper.
    expect(r.stdout).toContain(`got {"status":403,"message":"sg wrong user"}\n        rejected at sync.js:${placeOf(js, 'requireUser(')}\n`);
    // A thrown object: the throw statement that threw it (found by a second run, the statements marked).
    expect(r.stdout).toContain(`got {"status":403,"message":"nope"}\n        rejected at sync.js:${placeOf(js, 'throw({forbidden')}\n`);

    const json = JSON.parse((await runCli(['test', '--format', 'json'], { cwd: dir })).stdout);
    const [bad, , , , expected] = json.results[0].cases;
    const [line, column] = placeOf(js, 'reject(400').split(':').map(Number);
    expect(bad.actual.refusedAt).toEqual({ file: 'sync.js', line, column });
    expect(expected.passed).toBe(true);
    expect(expected.actual.refusedAt).toBeUndefined();
    expect((await runCli(['test', '--format', 'github'], { cwd: dir })).stdout).toContain(`::notice file=sync.js,line=${line},col=${column},title=sgconf test%3A a reject() call::the function rejected the write here: 400 bad type`);
  });

  it('sgconf dry-run says where the function rejected the document', async () => {
    const dir = folder({ 'sync.js': js, 'sg.json': JSON.stringify({ databases: { db: { server: 'couchbases://cb.example.com', bucket: 'db', enable_shared_bucket_access: true, sync: 'sync.js' } } }), 'doc.json': '{"type": "plain"}' });
    const r = await runCli(['dry-run', 'sg.json', '--doc', 'doc.json', '--user', 'bob'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).exception).toBe('403 sg missing role');
    expect(r.stderr).toBe(`sgconf dry-run: the sync function rejected the document at sync.js:${placeOf(js, 'requireRole(')}\n`);
  });
});

describe('a failed case\'s console output', () => {
  it('is shown under its failures, console.error first, at most ten lines; a passing case shows none', async () => {
    const js = 'function (doc) {\n  console.log("checking " + doc.type);\n  for (var i = 0; i < 12; i++) console.log("line " + i);\n  console.error("bad thing");\n  channel(doc.type);\n}\n';
    const dir = folder({
      'sync.js': js,
      'sync.sgtest.yaml': 'function: sync.js\ncases:\n  - name: wrong channel\n    doc: {type: a}\n    expect: {channels: [b]}\n  - name: right channel\n    doc: {type: a}\n    expect: {channels: [a]}\n  - name: a log expected\n    doc: {type: a}\n    expect: {logs: [nothing like this]}\n',
    });
    const r = await runCli(['test'], { cwd: dir });
    expect(r.stdout).toContain([
      '        missing "b"; extra "a"',
      '      console.error: bad thing',
      '      console.log: checking a',
      ...Array.from({ length: 8 }, (_, i) => `      console.log: line ${i}`),
      '      ... 4 more lines of console output (--format json lists them)',
      '  sync.sgtest.yaml:9:5',
    ].join('\n'));
    // A failure of `logs` lists the lines already: only console.error is added.
    const logsFailure = r.stdout.slice(r.stdout.indexOf('a log expected'));
    expect(logsFailure.match(/console\.log: /g)).toBeNull();
    expect(logsFailure).toContain('console.error: bad thing');
    expect(r.stdout).not.toContain('right channel');
  });
});

describe('sgconf dry-run of a function that throws', () => {
  it('prints the endpoint\'s answer unchanged, and where the exception was made on standard error', async () => {
    const sync = 'function(doc, oldDoc) {\n  var owner = oldDoc.owner;\n}';
    const config = JSON.stringify({ databases: { db: { server: 'couchbases://cb.example.com', bucket: 'db', enable_shared_bucket_access: true, sync } } });
    const dir = folder({ 'sg.json': config, 'doc.json': '{"owner": "ann"}' });
    const plain = { channels: null, access: null, roles: null, exception: 'Error returned from Sync Function: TypeError: Cannot access member \'owner\' of null', logging: { errors: [], info: [] } };
    const r = await runCli(['dry-run', 'sg.json', '--doc', 'doc.json'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(plain);
    const at = placeOf(config, 'oldDoc.owner');
    expect(r.stderr).toBe(`sgconf dry-run: the sync function threw at sg.json:${at}\n`);
  });
});
