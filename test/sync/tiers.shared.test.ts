// The engine gives the same answers whichever of V8's compilers runs it. A small suite runs the engine's
// WebAssembly with V8's baseline compiler only (src/launch.cts NODE_FLAGS); a large one runs again in a
// Node that optimises the hot functions as they run (OPTIMISING_FLAGS). Here every function of the corpus
// and every test file of the repository (and suites shaped like the benchmarks') runs under the baseline
// compiler alone and under the optimising compiler alone (--no-liftoff: every function optimised before it
// first runs), and the two reports must be the same, byte for byte, but for the times they measure.
// Every run gets a CPU limit far above what any case takes: with --no-liftoff, V8 compiles each function
// on the thread that first calls it, inside that case's time (a large suite's V8 optimises on threads of its
// own), and a limit near a case's time is the machine's and the compiler's anyway (docs/testing.md).
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CORPUS_REQUESTS, corpusDatabaseConfigs, corpusDir } from '../functions/harness.js';
import { NODE_FLAGS } from '../helpers/node-flags.js';
import { writeSyncCases } from '../../bench/sgtest-cases.js';
import { writeGlobalMutationSuite, writeSynctosSuite, writeValidationSuite } from '../../bench/validation-function.js';

const root = path.resolve(__dirname, '../..');
/** Each run's CPU limit, in ms: above any case's time, under either compiler. */
const TIME_LIMIT_MS = 60_000;
/** Each compiler alone; the optimising one as a Node that needs no relaunch (src/launch.cts needsRelaunch). */
const COMPILERS = { baseline: { flags: NODE_FLAGS, env: {} }, optimising: { flags: ['--no-liftoff'], env: { SGCONF_OPTIMISING: '1' } } };

/** How a run ended and what it printed: its standard output, and its standard error (sgconf test's coverage summary). */
function run(compiler: keyof typeof COMPILERS, args: string[], input?: string, cwd = root): { status: number | null; stdout: string; stderr: string } {
  const { flags, env } = COMPILERS[compiler];
  const done = spawnSync(process.execPath, [...flags, ...args], { cwd, input, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 256 * 1024 * 1024 });
  expect(done.error).toBeUndefined();
  return { status: done.status, stdout: done.stdout, stderr: done.stderr };
}

/** A report without the times it measured (`durationMs`), which no two runs share. */
function untimed(report: string): string {
  return JSON.stringify(JSON.parse(report), (key, value: unknown) => (key === 'durationMs' ? undefined : value), 1);
}

const requests = [
  ...CORPUS_REQUESTS,
  // More than eight keys (Go keeps such a map in a table ordered by its hash), numbers of every kind, text
  // outside ASCII.
  {
    doc: { type: 'item', owner: 'bob', a: 1, b: 2.5, c: -0, d: 1e21, e: 12345678901234567890, f: 'é中🙂', g: [1, 'x', null, true], h: { i: { j: [] } }, k: false, l: null },
    oldDoc: { type: 'item', owner: 'ann', channels: 'b' },
    user: { name: 'bob', roles: ['r1', 'r2'], channels: ['a', 'b'] },
  },
];

/**
 * Recursion to depths around where each release stops it: otto's limit of 10,000 calls from 3.2, and for
 * 3.1 and before (no limit) sgconf's memory limit, which Go's stacks reach at about 35,000 calls. Where a
 * compiler's frames took more of V8's stack than the other's, these would end differently.
 */
function writeRecursionSuite(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const sync = 'function (doc) { function r(n) { return n === 0 ? 0 : 1 + r(n - 1); } channel("depth-" + r(doc.n)); }';
  writeFileSync(path.join(dir, 'deep.json'), JSON.stringify({ name: 'deep', bucket: 'deep', sync }));
  for (const [target, depths] of [['4.1', [9_990, 10_010]], ['3.1', [34_000, 37_000]]] as const) {
    const cases = depths.map((n) => ({ name: `depth ${n}`, doc: { n }, expect: { channels: [`depth-${n}`] } }));
    writeFileSync(path.join(dir, `deep-${target}.sgtest.json`), JSON.stringify({ config: 'deep.json', target, cases }));
  }
}

describe('the engine under either of V8\'s compilers', () => {
  it('every sync function and import filter of the corpus answers the same', () => {
    const job = JSON.stringify({ dir: corpusDir, files: corpusDatabaseConfigs(), requests, target: '2.8', timeMs: TIME_LIMIT_MS });
    const script = path.join(root, 'test', 'helpers', 'engine-answers.mjs');
    const baseline = run('baseline', [script], job);
    expect(baseline.stderr).toBe('');
    expect(baseline.status).toBe(0);
    expect(Object.keys(JSON.parse(baseline.stdout)).length).toBeGreaterThan(50);
    expect(run('optimising', [script], job)).toEqual(baseline);
  }, 600_000);

  it('every test file of the repository and suites shaped like the benchmarks\' report the same', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-tiers-'));
    writeSyncCases(path.join(dir, 'orders'), 300);
    writeValidationSuite(path.join(dir, 'validation'), { cases: 150 });
    writeSynctosSuite(path.join(dir, 'synctos'), { files: 3, cases: 60 });
    writeGlobalMutationSuite(path.join(dir, 'global'), 60);
    writeRecursionSuite(path.join(dir, 'recursion'));
    // The suites are a repository of their own (a test file reads only its own repository's files).
    const runs: [string[], string][] = [
      [['examples/testing'], root],
      [['examples/testing', '--key-orders', '8', '--coverage', '--coverage-dir', path.join(dir, 'coverage')], root],
      [['.', '--key-orders', '3'], dir],
    ];
    for (const [args, cwd] of runs) {
      const command = [path.join(root, 'bin', 'sgconf.js'), 'test', ...args, '--timeout', String(TIME_LIMIT_MS), '--format', 'json'];
      const baseline = run('baseline', command, undefined, cwd);
      expect(baseline.stdout).toContain('"passed": true');
      expect(baseline.stdout).not.toContain('"severity": "error"');
      const optimising = run('optimising', command, undefined, cwd);
      expect(untimed(optimising.stdout)).toBe(untimed(baseline.stdout));
      expect(optimising.stderr).toBe(baseline.stderr);
      expect(optimising.status).toBe(baseline.status);
    }
  }, 600_000);
});
