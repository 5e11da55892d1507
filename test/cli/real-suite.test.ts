// "Running a real suite": a case's key orders are its own (the same report on every run, whatever ran
// before it), --key-orders explores more and fails a case whose outcome depends on the order, and
// --timeout bounds the CPU time of each run of a case.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from '../helpers/cli.js';

/** A folder with a test file of `cases` for `fn` (as a function file), plus `extra` keys of the test file. */
function suite(fn: string, cases: unknown[], extra: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-suite-'));
  writeFileSync(path.join(dir, 'sync.js'), fn);
  writeFileSync(path.join(dir, 'sync.sgtest.json'), JSON.stringify({ function: 'sync.js', ...extra, cases }));
  return dir;
}

// The first key of the document that the function meets decides its channel: Go's map order.
const FIRST_KEY = 'function (doc) { if (doc.junk) { var a = []; for (var i = 0; i < 5000; i++) a.push({ i: i }); } for (var k in doc.m) { channel("first-" + k); break; } }';
const KEYS = { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8 };

/** The report without the figures that are times. */
const untimed = (text: string) => text.replace(/\d+(\.\d+)? ?ms/g, 'T').replace(/"durationMs": [\d.]+/g, '"durationMs": T');

describe('a case\'s key order is its own', () => {
  it('a file whose first case allocates and whose second branches on key order gives one report over 10 runs', async () => {
    const dir = suite(FIRST_KEY, [
      { name: 'allocates', doc: { junk: true, m: { z: 1 } }, expect: { channels: ['first-z'] } },
      { name: 'branches on the order', doc: { m: KEYS }, expect: { channels: ['first-a'] } },
    ]);
    const reports = new Set<string>();
    let report = '';
    for (let i = 0; i < 10; i++) {
      report = (await runCli(['test', '--format', 'json'], { cwd: dir })).stdout;
      reports.add(untimed(report));
    }
    expect(reports.size).toBe(1);
    // Without the first case, the second gives the same answer.
    const alone = await runCli(['test', '--format', 'json', '-t', 'branches'], { cwd: dir });
    const actual = (text: string) => JSON.parse(text).results[0].cases.find((c: { name: string }) => c.name === 'branches on the order').actual;
    expect(actual(alone.stdout)).toEqual(actual(report));
  });

  it('--key-orders N fails a case whose outcome depends on the order and lists each outcome; keyOrders in the file does the same', async () => {
    const dir = suite(FIRST_KEY, [{ name: 'branches on the order', doc: { m: KEYS }, expect: { rejected: false } }]);
    const one = await runCli(['test'], { cwd: dir });
    expect(one.code, one.stdout).toBe(0);
    const many = await runCli(['test', '--key-orders', '8'], { cwd: dir });
    expect(many.code).toBe(1);
    expect(many.stdout).toMatch(/the result depends on the order of the document's keys, which the gateway draws at random: \d+ different results/);
    expect(many.stdout).toMatch(/ {2}2: .*first-/);
    const inFile = suite(FIRST_KEY, [{ name: 'branches on the order', doc: { m: KEYS }, expect: { rejected: false } }], { keyOrders: 8 });
    // The same report but for where the case stands (the file holds keyOrders before it).
    const unplaced = (text: string) => untimed(text).replace(/sync\.sgtest\.json:\d+:\d+/g, 'sync.sgtest.json:L:C');
    expect(unplaced((await runCli(['test'], { cwd: inFile })).stdout)).toBe(unplaced(many.stdout));
    // A function that visits every key gives one outcome under every order.
    const every = suite('function (doc) { for (var k in doc.m) channel("k-" + k); }', [{ name: 'every key', doc: { m: KEYS }, expect: { rejected: false } }]);
    expect((await runCli(['test', '--key-orders', '8'], { cwd: every })).code).toBe(0);
  });
});

describe('--timeout', () => {
  // A case that never returns, and one that returns at once: whatever the machine's speed or load, only the
  // first reaches any limit (a busy loop of a set wall-clock time used less CPU than 100 ms on a loaded
  // machine, and passed).
  const BUSY = 'function (doc) { if (doc.forever) { while (true) {} } channel("done"); }';
  const cases = [{ name: 'never returns', doc: { forever: true }, expect: { channels: ['done'] } }, { name: 'returns', doc: {}, expect: { channels: ['done'] } }];
  const outcomes = (stdout: string) => JSON.parse(stdout).results[0].cases.map((c: { name: string; passed: boolean; actual: { exception: string } }) => [c.name, c.passed, c.actual.exception]);

  it('bounds the CPU time of one run of a case, from the command line or the test file; the other cases run', async () => {
    for (const run of [runCli(['test', '--timeout', '100', '--format', 'json'], { cwd: suite(BUSY, cases) }), runCli(['test', '--format', 'json'], { cwd: suite(BUSY, cases, { timeout: 100 }) })]) {
      const r = await run;
      expect(r.code).toBe(1);
      expect(outcomes(r.stdout)).toEqual([['never returns', false, expect.stringContaining('javascript function timed out')], ['returns', true, '']]);
    }
  });

  it('a bad value is misuse on the command line and an error in the test file', async () => {
    const dir = suite(BUSY, [{ name: 'x', doc: {}, expect: { channels: ['done'] } }], { timeout: 0, keyOrders: 'many' });
    for (const option of [['--timeout', '0'], ['--key-orders', 'many'], ['--key-orders', '65']]) {
      const r = await runCli(['test', ...option], { cwd: dir });
      expect(r.code, option.join(' ')).toBe(2);
    }
    const r = await runCli(['test', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(1);
    const messages = JSON.parse(r.stdout).results[0].diagnostics.map((d: { message: string }) => d.message);
    expect(messages).toEqual(expect.arrayContaining([expect.stringContaining('"timeout" is a whole number from 1 to 600000'), expect.stringContaining('"keyOrders" is a whole number from 1 to 64')]));
  });
});

describe('a suite of cases that each grow the engine\'s heap', () => {
  it('runs every case in the memory one case needs (Go\'s break follows each restored state: engine/heap)', async () => {
    // Each run builds a 4 MiB string. The memory, restored before each run, never shrinks; had Go grown it
    // again from the saved break on each run, a worker would pass its 512 MiB limit within some 60 runs.
    const grow = 'function (doc) { var s = "x"; for (var i = 0; i < 22; i++) s = s + s; channel(s.length === 4194304 ? "ok" : "short"); }';
    const cases = Array.from({ length: 400 }, (_, i) => ({ name: `case ${i}`, doc: { n: i }, expect: { channels: ['ok'] } }));
    // What is tested is memory, not time: under test:optimising's low tiering budget the first case of each
    // worker took 0.5-1.0 s (V8 tiering the engine up as it runs), near the default limit of 1 s of CPU time.
    const r = await runCli(['test', '--format', 'json'], { cwd: suite(grow, cases, { timeout: 30_000 }) });
    const failed = JSON.parse(r.stdout).results[0].cases.filter((c: { passed: boolean }) => !c.passed).map((c: { name: string; actual: { exception: string } }) => `${c.name}: ${c.actual.exception}`);
    expect(failed).toEqual([]);
    expect(r.code).toBe(0);
  }, 120_000);
});
