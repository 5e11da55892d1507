// A pull request's sync function tries to pass the coverage gate without its cases running its branches:
// it calls the counting native itself (by name, through a reference, from eval'd code, for every index),
// replaces it, or writes the counters' old global. The counts live on the engine's Go side and count only
// at their own sites, so the gate sees the branches the cases ran, and fails (docs/security.md).
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from '../helpers/cli.js';

const FORGERIES = [
  'for (var i = 0; i < 200; i++) { __sgconfCount(i); }',
  'var f = this["__sgconf" + "Count"]; for (var i = 0; i < 200; i++) { f.call(null, i); }',
  'eval("for (var i = 0; i < 200; i++) { __sgconfCount(i); }");',
  '__sgconfCount = function () {}; __sgconfCoverage = {}; for (var i = 0; i < 200; i++) { __sgconfCoverage[i] = 1; }',
];

describe('coverage cannot be forged by the function', () => {
  it.each(FORGERIES)('%s: --coverage-threshold 90 fails on the branches the cases did not run', async (forgery) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-forge-'));
    const branches = Array.from({ length: 10 }, (_, i) => `  if (doc.k${i}) { channel("c${i}"); }`).join('\n');
    const fn = `function (doc, oldDoc) {\n  try { ${forgery} } catch (e) {}\n${branches}\n  channel("all");\n}`;
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync: fn }));
    writeFileSync(path.join(dir, 'db.sgtest.json'), JSON.stringify({ config: 'db.json', cases: [{ name: 'plain', doc: {}, expect: { channels: ['all'] } }] }));
    const r = await runCli(['test', '--coverage-threshold', '90', '--coverage-dir', 'cov'], { cwd: dir });
    expect(r.code).toBe(1);
    // The 10 ifs' else arms ran, their then arms did not (the try's own branch arms aside).
    expect(r.stderr + r.stdout).toMatch(/branch coverage \d+\.\d% is under the threshold of 90%/);
    expect(r.stderr + r.stdout).not.toMatch(/branch coverage (9\d|100)\.\d%/);
  });
});
