// sgconf test --coverage: the statements, branches and functions the cases ran, at their lines wherever the
// function is written (a backtick string, a YAML block scalar, a JSON string, a .js file), as a summary and
// as lcov.info; --coverage-threshold fails the run under a share of branches.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from '../helpers/cli.js';

// Line 3 of the function is its if; line 4 its require*, which the cases below never reach.
const FUNCTION = [
  'function (doc, oldDoc) {',
  '  channel("all");',
  '  if (doc.locked) {',
  '    requireAdmin();',
  '  }',
  '  return doc.owner ? channel("o-" + doc.owner) : null;',
  '}',
];

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-coverage-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

const CASES = 'cases:\n  - {name: owned, doc: {owner: ann}, expect: {channels: [all, o-ann]}}\n';

/** The lcov records of a file: its DA lines and BRDA entries. */
function lcovOf(dir: string): { files: string[]; da: Map<number, number>; brda: string[] } {
  const text = readFileSync(path.join(dir, 'coverage', 'lcov.info'), 'utf8');
  const da = new Map<number, number>();
  for (const m of text.matchAll(/^DA:(\d+),(\d+)$/gm)) da.set(Number(m[1]), Number(m[2]));
  return { files: [...text.matchAll(/^SF:(.*)$/gm)].map((m) => m[1]!), da, brda: [...text.matchAll(/^BRDA:(.*)$/gm)].map((m) => m[1]!) };
}

describe('sgconf test --coverage', () => {
  it.each([
    ['a backtick string in the gateway\'s dialect', 'db.json', `{\n  "name": "db",\n  "bucket": "b",\n  "sync": \`${FUNCTION.join('\n')}\`\n}\n`, 4],
    ['a YAML block scalar', 'db.yaml', `name: db\nbucket: b\nsync: |\n${FUNCTION.map((l) => `  ${l}`).join('\n')}\n`, 4],
  ])('in %s: each line where it is written', async (_name, file, text, firstLine) => {
    const dir = folder({ [file]: text, 't.sgtest.yaml': `config: ${file}\n${CASES}` });
    const r = await runCli(['test', '--coverage'], { cwd: dir });
    expect(r.code).toBe(0);
    const { files, da, brda } = lcovOf(dir);
    expect(files).toEqual([path.join(dir, file)]);
    const line = (n: number) => firstLine + n - 1;
    expect(Object.fromEntries(da)).toEqual({ [line(2)]: 1, [line(3)]: 1, [line(4)]: 0, [line(6)]: 1 });
    // The if: then never, else once; the ?: both arms at its line.
    expect(brda).toEqual([`${line(3)},0,0,0`, `${line(3)},0,1,1`, `${line(6)},1,0,1`, `${line(6)},1,1,0`]);
    expect(r.stdout).toContain('require* calls no case ran: ' + `${file}:${line(4)}`);
    expect(r.stdout).toMatch(/all functions\s+75\.0% \(3\/4\)\s+50\.0% \(2\/4\)\s+100\.0% \(1\/1\)/);
  });

  it('in a JSON string (one line) and in a .js function file', async () => {
    const dir = folder({
      'db.json': JSON.stringify({ name: 'db', bucket: 'b', sync: FUNCTION.join('\n') }),
      'sync-function.js': FUNCTION.join('\n'),
      'a.sgtest.yaml': `config: db.json\n${CASES}`,
      'b.sgtest.yaml': `function: sync-function.js\n${CASES}`,
    });
    const r = await runCli(['test', '--coverage'], { cwd: dir });
    expect(r.code).toBe(0);
    const text = readFileSync(path.join(dir, 'coverage', 'lcov.info'), 'utf8');
    const records = text.split('end_of_record\n').filter(Boolean);
    expect(records.map((record) => /^SF:(.*)$/m.exec(record)![1])).toEqual([path.join(dir, 'db.json'), path.join(dir, 'sync-function.js')]);
    expect(records[0]).toContain('DA:1,1\n');
    expect(records[1]).toContain('DA:4,0\n');
  });

  it('--coverage-threshold fails the run under that share of branches; JSON stays one document, the summary goes to stderr', async () => {
    const dir = folder({ 'db.json': JSON.stringify({ name: 'db', bucket: 'b', sync: FUNCTION.join('\n') }), 't.sgtest.yaml': `config: db.json\n${CASES}` });
    const under = await runCli(['test', '--coverage-threshold', '75', '--format', 'json'], { cwd: dir });
    expect(under.code).toBe(1);
    expect(JSON.parse(under.stdout).passed).toBe(1);
    expect(under.stderr).toContain('branch coverage 50.0% is under the threshold of 75% (--coverage-threshold)');
    expect((await runCli(['test', '--coverage-threshold', '50'], { cwd: dir })).code).toBe(0);
    expect((await runCli(['test', '--coverage-threshold', 'most'], { cwd: dir })).code).toBe(2);
  });

  it('--coverage-dir puts lcov.info there', async () => {
    const dir = folder({ 'db.json': JSON.stringify({ name: 'db', bucket: 'b', sync: FUNCTION.join('\n') }), 't.sgtest.yaml': `config: db.json\n${CASES}` });
    const r = await runCli(['test', '--coverage-dir', 'out/cov'], { cwd: dir });
    expect(r.stdout).toContain('lcov: out/cov/lcov.info');
    expect(readFileSync(path.join(dir, 'out', 'cov', 'lcov.info'), 'utf8')).toMatch(/^TN:\nSF:/);
  });
});
