// sgconf test as a user runs it: the example passes, failures show expected against actual, every
// format, exit codes, and nothing is written anywhere.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli as runCliIn } from '../helpers/cli.js';
import { NODE_FLAGS } from '../helpers/node-flags.js';
import { bareEnvironment } from '../helpers/test-cache.js';

const ROOT = path.resolve(__dirname, '../..');

function runCli(args: string[], cwd = ROOT) {
  return runCliIn(args, { cwd });
}

/** A copy of examples/testing in a fresh folder, with one case changed to fail. */
function brokenCopy(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgtest-cli-'));
  cpSync(path.join(ROOT, 'examples/testing'), dir, { recursive: true });
  const file = path.join(dir, 'orders.sgtest.yaml');
  writeFileSync(file, readFileSync(file, 'utf8').replace('rejected: {status: 403, message: sg wrong user}', 'rejected: false'));
  return dir;
}

function snapshot(dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (d: string) => { for (const e of readdirSync(d)) { const p = path.join(d, e); const s = statSync(p); if (s.isDirectory()) walk(p); else out[p] = s.mtimeMs; } };
  walk(dir);
  return out;
}

describe('sgconf test', () => {
  it('a large suite whose config cannot be used ends with its finding (its workers, started early, are ended)', () => {
    // The config is outside the repository the suite is in: unusable, so no case runs. The suite is large
    // (over 64 KiB), so every worker was started while its files were read; the run must still end.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgtest-unusable-'));
    const cases = Array.from({ length: 800 }, (_, i) => ({ name: `case ${i}`, doc: { type: 'order', owner: `u${i}`, status: 'new' }, expect: { rejected: false } }));
    writeFileSync(path.join(dir, 'orders.sgtest.json'), JSON.stringify({ config: '../elsewhere/orders.json', cases }));
    expect(statSync(path.join(dir, 'orders.sgtest.json')).size).toBeGreaterThan(64 * 1024);
    const run = spawnSync(process.execPath, [...NODE_FLAGS, path.join(ROOT, 'bin', 'sgconf.js'), 'test', dir, '--format', 'json'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env: bareEnvironment() });
    expect(run.signal).toBeNull();
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('sgtest/config-unusable');
  });

  it('a finding the tool config raises to an error stops the config\'s cases, one left as info does not', async () => {
    // The config is linted for its errors alone: an info inside the function (\\s, which RE2 reads
    // narrowly) raised to an error by the tool config still counts.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgtest-raised-'));
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ bucket: 'b', sync: 'function (doc) { if (/\\s/.test(doc.title)) throw({forbidden: "no spaces"}); channel(doc.channels); }' }));
    writeFileSync(path.join(dir, 'db.sgtest.json'), JSON.stringify({ config: 'db.json', cases: [{ name: 'a title without spaces', doc: { title: 'x', channels: ['c'] }, expect: { channels: ['c'] } }] }));
    const passing = await runCli(['test', '.'], dir);
    expect(passing.stdout).toBe('1 passed, 0 failed; Sync Gateway 4.1\n');
    expect(passing.code).toBe(0);
    writeFileSync(path.join(dir, '.sgconfrc.json'), JSON.stringify({ rules: { 'functions/otto-regexp': 'error' } }));
    const refused = await runCli(['test', '.'], dir);
    expect(refused.stdout).toContain('sgtest/config-unusable');
    expect(refused.stdout).toContain('uses \\s, which the gateway matches as [\\t\\n\\f\\r ] only');
    expect(refused.code).toBe(1);
  });

  it('the example\'s cases pass, and the closing line counts them', async () => {
    const r = await runCli(['test', 'examples']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('11 passed, 0 failed; Sync Gateway 4.1\n');
    expect(r.code).toBe(0);
  });

  it('-o writes the report to a file (nothing on standard output); --reporter verbose lists every case with its time', async () => {
    const dir = brokenCopy();
    const r = await runCli(['test', '-o', 'reports/test.json', '--format', 'json'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(JSON.parse(readFileSync(path.join(dir, 'reports', 'test.json'), 'utf8'))).toMatchObject({ passed: 10, failed: 1 });
    const verbose = await runCli(['test', '--reporter', 'verbose'], dir);
    const marks = verbose.stdout.split('\n').filter((line) => /^ {2}[✓✗-] /.test(line));
    expect(marks).toHaveLength(11);
    expect(marks.filter((line) => line.startsWith('  ✓ ')).every((line) => / \d+\.\d ms$/.test(line))).toBe(true);
    expect(verbose.stdout).toContain('  ✗ nobody else creates an order in her name');
    expect(verbose.stdout).toContain('      orders.sgtest.yaml:22:5\n');
    expect((await runCli(['test', '--reporter', 'dots'], dir)).code).toBe(2);
  });

  it('a failed case shows expected against actual at the case\'s line, and the run exits 1', async () => {
    const r = await runCli(['test'], brokenCopy());
    expect(r.code).toBe(1);
    // Each failed case at file:line:column, which terminals and editors open.
    expect(r.stdout).toContain('orders.sgtest.yaml\n  orders.sgtest.yaml:22:5  ✗ nobody else creates an order in her name\n      rejected: expected false, got {"status":403,"message":"sg wrong user"}\n');
    expect(r.stdout).toMatch(/\n10 passed, 1 failed; Sync Gateway 4.1\n$/);
  });

  it('--format json is the contract\'s document', async () => {
    const r = await runCli(['test', '--format', 'json'], brokenCopy());
    const report = JSON.parse(r.stdout);
    expect(Object.keys(report)).toEqual(['target', 'results', 'passed', 'failed', 'skipped', 'todo']);
    expect(report).toMatchObject({ target: '4.1', passed: 10, failed: 1 });
    const failed = report.results[0].cases.find((c: { passed: boolean }) => !c.passed);
    expect(Object.keys(failed)).toEqual(['name', 'line', 'column', 'passed', 'status', 'actual', 'failures', 'durationMs']);
    expect(failed.failures).toEqual([{ field: 'rejected', expected: false, actual: { status: 403, message: 'sg wrong user' } }]);
  });

  it('--format junit: one testsuite per file, a failure element per failed case, well-formed XML', async () => {
    const r = await runCli(['test', '--format', 'junit'], brokenCopy());
    expect(r.stdout).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="sgconf test" tests="11" failures="1" errors="0" skipped="0" time="\d+\.\d{3}">/);
    expect(r.stdout).toMatch(/<testcase name="nobody else creates an order in her name" classname="orders\.sgtest\.yaml" file="orders\.sgtest\.yaml" line="22" time="\d+\.\d{3}">/);
    expect(r.stdout).toContain('<failure message="rejected: expected false, got {&quot;status&quot;:403,&quot;message&quot;:&quot;sg wrong user&quot;}" type="expectation">');
    expect(r.stdout.match(/<testcase /g)).toHaveLength(11);
  });

  it('--format github: an error annotation at each failed case', async () => {
    const r = await runCli(['test', '--format', 'github'], brokenCopy());
    expect(r.stdout).toContain('::error file=orders.sgtest.yaml,line=22,col=5,title=sgconf test%3A nobody else creates an order in her name::rejected: expected false, got {"status":403,"message":"sg wrong user"}');
    expect(r.stdout).toMatch(/10 passed, 1 failed\n$/);
  });

  it('writes nothing, anywhere in the tested folder', async () => {
    const dir = brokenCopy();
    const before = snapshot(dir);
    await runCli(['test', '--format', 'json'], dir);
    expect(snapshot(dir)).toEqual(before);
  });

  it('a test file with problems is a broken file: exit 1, each problem at its place', async () => {
    const dir = brokenCopy();
    writeFileSync(path.join(dir, 'bad.sgtest.json'), '{"config": "orders.json", "cases": [{"name": "x", "doc": {}, "expect": {"chanels": ["a"]}, "user": {"name": "ann"}}]}');
    const r = await runCli(['test', 'bad.sgtest.json'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('  1:73      error    unknown key "chanels" in "expect"; did you mean "channels"?  sgtest/invalid-file');
    expect(r.stdout).toContain('  1:92      error    unknown key "user" in case "x"; did you mean "userCtx"?  sgtest/invalid-file');
  });

  it.each([
    ['a folder without test files', ['test', 'examples/3.x'], 'no test files found in examples/3.x'],
    ['a path that does not exist', ['test', 'nope'], 'nope'],
    ['an unknown format', ['test', '--format', 'tap'], 'unknown format "tap"'],
  ])('%s is misuse (exit 2)', async (_name, args, message) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });

  it('authorization names every demand: after a require* that refused the writer, and when none did', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgtest-demands-'));
    // requireUser, then (only when it passes, or when a refusal is caught) requireRole and requireAccess.
    const sync = 'function (doc) { if (doc.catching) { try { requireUser(doc.owner); } catch (e) { requireAdmin(); } return; } requireUser(doc.owner); requireRole("clerk"); requireAccess("orders"); }';
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'db', sync }));
    const all = { users: ['ann'], roles: ['clerk'], channels: ['orders'] };
    const cases = [
      { name: 'the owner passes every helper', doc: { owner: 'ann' }, userCtx: { name: 'ann', roles: ['clerk'], channels: ['orders'] }, expect: { rejected: false, authorization: all } },
      { name: 'a stranger is refused by the first helper', doc: { owner: 'ann' }, userCtx: { name: 'bob' }, expect: { rejected: 403, authorization: all } },
      { name: 'a refusal the function catches takes another path', doc: { owner: 'ann', catching: true }, userCtx: { name: 'bob' }, expect: { rejected: 403, authorization: { users: ['ann'], roles: [], channels: [], admin: false } } },
      { name: 'the owner on the catching path', doc: { owner: 'ann', catching: true }, userCtx: { name: 'ann' }, expect: { rejected: false, authorization: { users: ['ann'], admin: false } } },
    ];
    writeFileSync(path.join(dir, 'db.sgtest.json'), JSON.stringify({ config: 'db.json', cases }));
    const r = await runCli(['test', '--format', 'json'], dir);
    const report = JSON.parse(r.stdout) as { results: { cases: { name: string; passed: boolean; actual: { authorization?: unknown } }[] }[] };
    const results = report.results[0]!.cases;
    expect(results.map((c) => [c.name, c.passed])).toEqual(cases.map((c) => [c.name, true]));
    expect(results[1]!.actual.authorization).toEqual({ users: ['ann'], roles: ['clerk'], channels: ['orders'], admin: false });
    expect(r.code).toBe(0);
  });

  it('\\s matches as the gateway\'s RE2 matches it: a no-break space is no space there', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgtest-re2-'));
    const sync = 'function (doc) {\n  if (/^\\s*$/.test(doc.title)) throw({forbidden: "blank"});\n}';
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'db', sync }));
    writeFileSync(path.join(dir, 'db.sgtest.json'), JSON.stringify({ config: 'db.json', cases: [
      { name: 'a no-break space is a title', doc: { title: '\u00a0' }, expect: { rejected: false } },
      { name: 'spaces are blank', doc: { title: '  ' }, expect: { rejected: { status: 403, message: 'blank' } } },
    ] }));
    const r = await runCli(['test'], dir);
    expect(r.stdout).toBe('2 passed, 0 failed; Sync Gateway 4.1\n');
    expect(r.code).toBe(0);
  });

  it('a line of an env file that is not NAME=value is reported at its place, and fails the run', async () => {
    const dir = brokenCopy();
    writeFileSync(path.join(dir, 'deploy.env'), 'OK=1\nnot a pair\n');
    const r = await runCli(['test', 'orders.sgtest.yaml', '--env-file', 'deploy.env'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('deploy.env\n  2:1       error    line 2 is not NAME=value');
  });

  it('--pass-with-no-tests: a folder without test files passes (for a hook that runs on any change)', async () => {
    const r = await runCli(['test', 'examples/3.x', '--pass-with-no-tests']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('no test files found\n');
  });

  it('lint checks the test files it finds in a folder as test files, never as configs, as when they are named', async () => {
    const r = await runCli(['lint', 'examples/testing', '--format', 'json']);
    const results = JSON.parse(r.stdout).results as { file: string; kind: string | null; diagnostics: unknown[] }[];
    expect(results.map((x) => [x.file, x.kind, x.diagnostics.length])).toEqual([['examples/testing/orders.json', 'database', 0], ['examples/testing/orders.sgtest.yaml', null, 0]]);
    const dir = brokenCopy();
    writeFileSync(path.join(dir, 'orders.sgtest.yaml'), readFileSync(path.join(dir, 'orders.sgtest.yaml'), 'utf8').replace('cases:', 'casez:'));
    const walked = await runCli(['lint', '.', '--format', 'json'], dir);
    const named = await runCli(['lint', 'orders.json', 'orders.sgtest.yaml', '--format', 'json'], dir);
    expect(walked.code).toBe(1);
    expect(JSON.parse(walked.stdout).results).toEqual(JSON.parse(named.stdout).results);
  });

  it('under --key-orders, a case whose result depends on the order of the document\'s keys fails, and says so the same way on every run', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgtest-order-'));
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync: 'function (doc) { for (var k in doc) { if (k.charAt(0) !== "_") { channel("first-" + k); break; } } }' }));
    // Ten keys: Go's maps of at most eight keys list them in the order they were added, only rotated, so
    // that the first key of a small document is most often its first.
    const doc = '{a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9, j: 10}';
    writeFileSync(path.join(dir, 'db.sgtest.yaml'), `config: db.json\ncases:\n  - name: the first key\n    doc: ${doc}\n    expect: {channels: [first-a]}\n  - name: some key\n    doc: ${doc}\n    expect: {rejected: false}\n`);
    const first = await runCli(['test', '--key-orders', '8'], dir);
    expect(first.code).toBe(1);
    expect(first.stdout).toMatch(/channels( \(under another order of the document's keys\))?: expected \["first-a"\], got \["first-[b-j]"\]/);
    expect(first.stdout).toContain("the result depends on the order of the document's keys, which the gateway draws at random");
    expect(first.stdout).toContain('0 passed, 2 failed');
    expect((await runCli(['test', '--key-orders', '8'], dir)).stdout).toBe(first.stdout);
    const json = JSON.parse((await runCli(['test', '--key-orders', '8', '--format', 'json'], dir)).stdout);
    const someKey = json.results[0].cases[1];
    expect(someKey.passed).toBe(false);
    expect(someKey.failures).toEqual([]);
    expect(someKey.keyOrderVariants.length).toBeGreaterThan(0);
    for (const variant of [someKey.actual, ...someKey.keyOrderVariants]) expect(variant).toMatchObject({ rejected: false, channels: [expect.stringMatching(/^first-[a-j]$/)] });
  });

  it('a document nested 5,000 levels deep is the test file\'s error at its place, as lint reports it, never an internal error', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgtest-deep-'));
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync: 'function (doc) { channel("ok"); }' }));
    const deep = `${'{"a":'.repeat(5000)}{}${'}'.repeat(5000)}`;
    writeFileSync(path.join(dir, 'db.sgtest.json'), `{"config": "db.json", "cases": [{"name": "deep", "doc": {"d": ${deep}}, "expect": {"channels": ["ok"]}}]}`);
    const r = await runCli(['test'], dir);
    expect(r.stdout).toMatch(/^ {2}1:\d+ +error {4}the document is nested more than 512 levels deep here.* {2}sgtest\/invalid-file$/m);
    expect(r.code).toBe(1);
  });

  it('cases that each exhaust the engine\'s memory fail alone; the case after them passes', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgtest-memory-'));
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync: 'function (doc) { if (doc.big) console.log(new Array(40 * 1024 * 1024).join("x")); channel("ok"); }' }));
    const cases = [{ name: 'big 1', doc: { big: true } }, { name: 'big 2', doc: { big: true } }, { name: 'small', doc: {} }].map((c) => ({ ...c, expect: { channels: ['ok'] } }));
    writeFileSync(path.join(dir, 'db.sgtest.json'), JSON.stringify({ config: 'db.json', cases }));
    const report = JSON.parse((await runCli(['test', '--format', 'json'], dir)).stdout);
    const results = report.results[0].cases as { name: string; passed: boolean; actual: { exception: string } }[];
    expect(results.map((c) => [c.name, c.passed])).toEqual([['big 1', false], ['big 2', false], ['small', true]]);
    expect(results[0]!.actual.exception).toContain('out of memory');
  });
});

describe('a suite of many files', () => {
  it('runs its files on every worker, side by side, and reports them in order; --debug names the engine and what each worker ran', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgtest-spread-'));
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync: 'function (doc) { channel(doc.c); }' }));
    // Past the size at which a suite wants every worker (64 KB), under the one that starts an optimising Node.
    const padding = 'x'.repeat(300);
    for (const name of ['a', 'b', 'c', 'd']) {
      const cases = Array.from({ length: 50 }, (_, i) => `  - {name: ${name}${i}, doc: {c: ch${i}, pad: ${padding}}, expect: {channels: [ch${i}]}}`);
      writeFileSync(path.join(dir, `${name}.sgtest.yaml`), `config: db.json\ncases:\n${cases.join('\n')}\n`);
    }
    const r = await runCli(['test', '.', '--debug', '--reporter', 'verbose'], dir);
    expect(r.code, r.stdout).toBe(0);
    const files = [...r.stdout.matchAll(/^(\S+\.sgtest\.yaml)/gm)].map((m) => m[1]);
    expect(files).toEqual(['a.sgtest.yaml', 'b.sgtest.yaml', 'c.sgtest.yaml', 'd.sgtest.yaml']);
    expect(r.stdout).toContain('200 passed, 0 failed');
    const workers = Math.min(2, os.availableParallelism());
    expect(r.stdout).toMatch(/^engine: otto in WebAssembly, built with go1\.\d+\.\d+; /m);
    expect(r.stdout).toContain(workers === 2 ? '2 workers: 100 cases, 100 cases' : '1 worker: 200 cases');
  });
});

describe('a small suite', () => {
  it('runs on the command\'s own thread; a case that outruns its time or that thread\'s stack goes to a worker, with the rest', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgtest-here-'));
    const sync = 'function (doc) { function depth(n) { return n == 0 ? 0 : 1 + depth(n - 1); } if (doc.forever) { while (true) {} } channel("d" + depth(doc.n)); }';
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync }));
    const cases = [
      { name: 'shallow', doc: { n: 10 }, expect: { channels: ['d10'] } },
      { name: 'forever', doc: { forever: true, n: 0 }, expect: { channels: ['d0'] } },
      // Deeper than the main thread's stack allows the engine, well within a worker's.
      { name: 'deep', doc: { n: 3000 }, expect: { channels: ['d3000'] } },
      { name: 'shallow again', doc: { n: 20 }, expect: { channels: ['d20'] } },
    ];
    // The default limit, 1 s: a case that ends at once never reaches it on the command's thread, however busy the machine.
    writeFileSync(path.join(dir, 'db.sgtest.json'), JSON.stringify({ config: 'db.json', cases }));
    const json = await runCli(['test', '--format', 'json'], dir);
    const outcomes = JSON.parse(json.stdout).results[0].cases.map((c: { name: string; passed: boolean; actual: { exception: string } }) => [c.name, c.passed, c.actual.exception]);
    expect(outcomes).toEqual([
      ['shallow', true, ''],
      ['forever', false, expect.stringContaining('javascript function timed out')],
      ['deep', true, ''],
      ['shallow again', true, ''],
    ]);
    // The first case ran here; the one that did not end was ended in a worker, which ran the last two.
    const debug = await runCli(['test', '--debug'], dir);
    const [, here, workers] = /this thread: (\d+) cases?; \d workers?: (.*)$/m.exec(debug.stdout) ?? [];
    expect(here).toBe('1');
    expect([...workers!.matchAll(/(\d+) case/g)].reduce((sum, m) => sum + Number(m[1]), 0)).toBe(2);
  });

  it('starts no worker when every case runs on the thread, and --debug says so', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgtest-here-'));
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync: 'function (doc) { channel(doc.c); }' }));
    writeFileSync(path.join(dir, 'db.sgtest.json'), JSON.stringify({ config: 'db.json', cases: [{ name: 'one', doc: { c: 'a' }, expect: { channels: ['a'] } }] }));
    const r = await runCli(['test', '--debug'], dir);
    expect(r.stdout).toMatch(/; this thread: 1 case; no worker started$/m);
  });

  it('past 8 KiB of test files, runs in a worker from the start', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgtest-middling-'));
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync: 'function (doc) { channel(doc.c); }' }));
    const cases = Array.from({ length: 120 }, (_, i) => ({ name: `case ${i}`, doc: { c: `channel-${i}` }, expect: { channels: [`channel-${i}`] } }));
    writeFileSync(path.join(dir, 'db.sgtest.json'), JSON.stringify({ config: 'db.json', cases }));
    const r = await runCli(['test', '--debug'], dir);
    expect(r.stdout).toContain('120 passed, 0 failed');
    expect(r.stdout).toMatch(/this thread: 0 cases; \d workers?: 120 cases/);
  });
});

describe('sgconf test on a terminal', () => {
  it('counts the cases of a large file as they run, not only when the file is done', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgtest-progress-'));
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync: 'function (doc) { channel(doc.c); }' }));
    const cases = Array.from({ length: 600 }, (_, i) => ({ name: `case ${i}`, doc: { c: `c${i}` }, expect: { channels: [`c${i}`] } }));
    writeFileSync(path.join(dir, 'db.sgtest.json'), JSON.stringify({ config: 'db.json', cases }));
    let stdout = '';
    const { main } = await import('../../src/cli/main.js');
    const code = await main(['test'], { stdout: (t: string) => { stdout += t; }, stderr: () => {}, cwd: dir, env: {}, isTTY: true });
    expect(code).toBe(0);
    const counts = [...stdout.matchAll(/0\/1 files, (\d+) cases/g)].map((m) => Number(m[1]));
    expect(counts.length).toBeGreaterThan(1);
    expect(counts.some((n) => n > 0 && n < 600)).toBe(true);
    expect(stdout).toContain('600 passed, 0 failed');
  });

  it('counts the cases of a chunk as they run: those before a case stuck in an endless loop, each case once', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgtest-progress-stuck-'));
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync: 'function (doc) { if (doc.stuck) { while (true) {} } channel(doc.c); }' }));
    // One chunk of the pool (125 requests at the most); the 40th case never ends.
    const cases = Array.from({ length: 100 }, (_, i) => ({ name: `case ${i}`, doc: { c: `c${i}`, ...(i === 40 ? { stuck: true } : {}) }, expect: { channels: [`c${i}`] } }));
    writeFileSync(path.join(dir, 'db.sgtest.json'), JSON.stringify({ config: 'db.json', timeout: 1000, cases }));
    let stdout = '';
    const { main } = await import('../../src/cli/main.js');
    const code = await main(['test'], { stdout: (t: string) => { stdout += t; }, stderr: () => {}, cwd: dir, env: {}, isTTY: true });
    expect(code).toBe(1);
    const counts = [...stdout.matchAll(/0\/1 files, (\d+) cases/g)].map((m) => Number(m[1]));
    // While the 40th case runs out its second of CPU, the 40 before it are counted; the worker then ends,
    // and those 40 run again in a new one without being counted twice.
    expect(counts).toContain(40);
    expect(Math.max(...counts)).toBe(100);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(stdout).toContain('99 passed, 1 failed');
  });
});
