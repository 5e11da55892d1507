// A real suite's workflow (issue 36): skip, only and todo in test files; -t/--grep; --forbid-only; --bail;
// each file's result printed when the file is done; skipped and todo counted in every format; long
// expected and actual values shown as a line diff.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse as parseJunit } from 'junit2json';
import { main } from '../../src/cli/main.js';
import { writeSyncCases } from '../../bench/sgtest-cases.js';
import { readFileSync } from 'node:fs';
import { runCli } from '../helpers/cli.js';
import { stylishSummary, summarizeTests } from '../../src/sgtest/report.js';
import type { TestFileResult } from '../../src/sgtest/run.js';

const DB = JSON.stringify({ name: 'db', bucket: 'b', sync: 'function (doc) { channel(doc.c); }' });

function suite(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-runner-'));
  writeFileSync(path.join(dir, 'db.json'), DB);
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  return dir;
}

const pass = (name: string, extra: object = {}) => ({ name, doc: { c: 'a' }, expect: { channels: ['a'] }, ...extra });
const fail = (name: string, extra: object = {}) => ({ name, doc: { c: 'a' }, expect: { channels: ['b'] }, ...extra });

type JsonCase = { name: string; status: string; skipped?: string };
const casesOf = (stdout: string): JsonCase[] => JSON.parse(stdout).results.flatMap((r: { cases: JsonCase[] }) => r.cases);

describe('skip, only and todo', () => {
  it('are reported with their status and counted, in json, junit and stylish; they do not fail the run', async () => {
    const dir = suite({ 't.sgtest.json': { config: 'db.json', cases: [pass('runs'), fail('skipped', { skip: 'the gateway differs here' }), fail('skipped too', { skip: true }), { name: 'still to write', todo: true }] } });
    const json = await runCli(['test', '--format', 'json'], { cwd: dir });
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout);
    expect({ passed: report.passed, failed: report.failed, skipped: report.skipped, todo: report.todo }).toEqual({ passed: 1, failed: 0, skipped: 2, todo: 1 });
    expect(casesOf(json.stdout).map((c) => [c.name, c.status, c.skipped])).toEqual([
      ['runs', 'passed', undefined], ['skipped', 'skipped', 'the gateway differs here'], ['skipped too', 'skipped', 'skip: true'], ['still to write', 'todo', undefined],
    ]);
    const junit = await parseJunit((await runCli(['test', '--format', 'junit'], { cwd: dir })).stdout) as { testsuite: { skipped: number; testcase: { name: string; skipped?: unknown[] }[] }[] };
    expect(junit.testsuite[0]!.skipped).toBe(3);
    expect(junit.testsuite[0]!.testcase.filter((c) => c.skipped).map((c) => c.name)).toEqual(['skipped', 'skipped too', 'still to write']);
    expect((await runCli(['test'], { cwd: dir })).stdout).toContain('1 passed, 0 failed, 2 skipped, 1 todo');
  });

  it('only: the file runs its only cases; --forbid-only makes it an error', async () => {
    const dir = suite({ 't.sgtest.json': { config: 'db.json', cases: [fail('other'), pass('focused', { only: true })] }, 'u.sgtest.json': { config: 'db.json', cases: [pass('elsewhere')] } });
    const focused = await runCli(['test', '--format', 'json'], { cwd: dir });
    expect(focused.code).toBe(0);
    expect(casesOf(focused.stdout).map((c) => [c.name, c.status])).toEqual([['other', 'skipped'], ['focused', 'passed'], ['elsewhere', 'passed']]);
    const forbidden = await runCli(['test', '--forbid-only'], { cwd: dir });
    expect(forbidden.code).toBe(1);
    expect(forbidden.stdout).toContain('has "only: true", which --forbid-only refuses');
  });

  it('a todo case needs no doc nor expect; a bad skip is an invalid file', async () => {
    const dir = suite({ 't.sgtest.yaml': 'config: db.json\ncases:\n  - {name: later, todo: true}\n  - {name: x, skip: 3, doc: {}, expect: {channels: []}}\n' });
    const r = await runCli(['test'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('"skip" is true or the reason the case is skipped');
    expect(r.stdout).not.toContain('has no "expect"');
  });
});

describe('choosing and stopping', () => {
  it('-t/--grep runs the cases whose name matches; the others are skipped', async () => {
    const dir = suite({ 't.sgtest.json': { config: 'db.json', cases: [pass('owner writes'), fail('clerk writes')] } });
    const r = await runCli(['test', '-t', '^owner', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(casesOf(r.stdout).map((c) => [c.name, c.status, c.skipped])).toEqual([['owner writes', 'passed', undefined], ['clerk writes', 'skipped', 'not matched by --grep']]);
    expect((await runCli(['test', '--grep', '('], { cwd: dir })).code).toBe(2);
  });

  it('--bail stops after the first failed case\'s file; --bail 2 after two', async () => {
    const dir = suite({ 'a.sgtest.json': { config: 'db.json', cases: [fail('a1')] }, 'b.sgtest.json': { config: 'db.json', cases: [fail('b1')] }, 'c.sgtest.json': { config: 'db.json', cases: [pass('c1')] } });
    const once = await runCli(['test', '--bail', '--format', 'json'], { cwd: dir });
    expect(once.code).toBe(1);
    expect(JSON.parse(once.stdout)).toMatchObject({ bailed: 1, failed: 1 });
    expect(casesOf(once.stdout).map((c) => c.name)).toEqual(['a1']);
    const twice = await runCli(['test', '--bail', '2'], { cwd: dir });
    expect(twice.stdout).toContain('stopped after 2 failed cases (--bail)');
    expect(twice.stdout).not.toContain('c1');
  });
});

describe('what a person reads', () => {
  it('each file\'s result is printed when the file is done, before the next file runs', async () => {
    const dir = suite({ 'a.sgtest.json': { config: 'db.json', cases: [fail('a1')] }, 'b.sgtest.json': { config: 'db.json', cases: [pass('b1')] } });
    const chunks: string[] = [];
    const code = await main(['test'], { stdout: (t) => chunks.push(t), stderr: () => {}, cwd: dir, env: {}, isTTY: false });
    expect(code).toBe(1);
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    expect(chunks[0]).toContain('a.sgtest.json');
    expect(chunks[0]).toContain('a1');
    expect(chunks[0]).not.toContain('passed,');
    expect(chunks[chunks.length - 1]).toContain('1 passed, 1 failed');
  });

  it('a generated suite of 900 cases in three files prints the first file\'s failure when that file is done', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-streamed-'));
    for (const part of ['a', 'b', 'c']) writeSyncCases(path.join(dir, part), 300);
    // One failure in the first file, so that its block is printed.
    const first = path.join(dir, 'a', 'orders.sgtest.json');
    const suite = JSON.parse(readFileSync(first, 'utf8'));
    suite.cases[0].expect = { channels: ['never'] };
    writeFileSync(first, JSON.stringify(suite));
    const chunks: { text: string; at: number }[] = [];
    const code = await main(['test', '--no-color'], { stdout: (text) => chunks.push({ text, at: performance.now() }), stderr: () => {}, cwd: dir, env: {}, isTTY: false });
    expect(code).toBe(1);
    expect(chunks[0]!.text).toContain(path.join('a', 'orders.sgtest.json'));
    expect(chunks[0]!.text).not.toContain('passed,');
    const last = chunks[chunks.length - 1]!;
    expect(last.text).toContain('899 passed, 1 failed');
    // Two more files ran after the first one's block was printed.
    expect(last.at - chunks[0]!.at).toBeGreaterThan(0);
  });

  it('on a terminal, a progress line counts files and cases', async () => {
    const dir = suite({ 'a.sgtest.json': { config: 'db.json', cases: [pass('a1'), pass('a2')] } });
    let out = '';
    await main(['test', '--no-color'], { stdout: (t) => { out += t; }, stderr: () => {}, cwd: dir, env: {}, isTTY: true });
    expect(out).toMatch(/1\/1 files, 2 cases, \d+ cases\/s/);
  });

  it('a long expected and actual value is shown as a line diff', async () => {
    const many = Array.from({ length: 12 }, (_, i) => `channel-${i}`);
    const dir = suite({ 't.sgtest.json': { config: 'db.json', cases: [{ name: 'long', doc: { c: many }, expect: { channels: [...many.slice(0, 11), 'channel-x'] } }] } });
    const r = await runCli(['test'], { cwd: dir });
    expect(r.stdout).toContain('channels: expected (-) and got (+):');
    expect(r.stdout).toMatch(/^\s+-\s+"channel-x"$/m);
    expect(r.stdout).toMatch(/^\s+\+\s+"channel-11"/m);
  });

  it('each case\'s time in the engine is in json and junit; a long run names its slowest files and cases', async () => {
    const dir = suite({ 't.sgtest.json': { config: 'db.json', cases: [pass('quick'), pass('skipped', { skip: true })] } });
    const json = JSON.parse((await runCli(['test', '--format', 'json'], { cwd: dir })).stdout);
    const [ran, skipped] = json.results[0].cases;
    expect(ran.durationMs).toBeGreaterThan(0);
    expect(skipped.durationMs).toBeUndefined();
    expect(json.results[0].durationMs).toBeGreaterThan(0);
    const junit = (await runCli(['test', '--format', 'junit'], { cwd: dir })).stdout;
    expect(junit).toMatch(/<testcase name="quick" [^>]* time="\d+\.\d{3}"/);
    // The summary of a run of more than 5 s (the durations given, not measured).
    const file = (name: string, ms: number, cases: [string, number][]): TestFileResult => ({
      file: name, target: '4.1', diagnostics: [], durationMs: ms,
      cases: cases.map(([caseName, caseMs]) => ({ name: caseName, line: 1, passed: true, status: 'passed', actual: null, failures: [], durationMs: caseMs })),
    });
    const summary = stylishSummary(summarizeTests('4.1', [file('a.sgtest.json', 4000, [['a1', 3900], ['a2', 100]]), file('b.sgtest.json', 2000, [['b1', 2000]])]), false);
    expect(summary).toContain('slowest files: a.sgtest.json 4.0 s, b.sgtest.json 2.0 s');
    expect(summary).toContain('slowest cases: a1 (a.sgtest.json) 3900 ms, b1 (b.sgtest.json) 2000 ms, a2 (a.sgtest.json) 100 ms');
  });
});
