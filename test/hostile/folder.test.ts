// Hostile inputs in one folder beside a good config: every file gets its verdict, at the place where a
// limit was crossed, the run ends in bounded time and memory, and the exit code is 1 (findings), never
// a crash. Time and memory bounds are generous: the point is "bounded", not a benchmark.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

const aliasBomb = (): string => {
  const lines = ['name: db', 'a: &a [x, x, x, x, x, x, x, x, x]'];
  const letters = 'abcdefghi';
  for (let i = 1; i < letters.length; i++) lines.push(`${letters[i]}: &${letters[i]} [${Array(9).fill(`*${letters[i - 1]}`).join(', ')}]`);
  return lines.join('\n') + '\n';
};

const HOSTILE: [file: string, text: () => string, rule: string, line: number, column: number][] = [
  ['deep-arrays.json', () => `{"databases": {"db": {"x": ${'['.repeat(100_000)}${']'.repeat(100_000)}}}}`, 'source/too-deep', 1, 28 + 509],
  ['deep-objects.json', () => `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`, 'source/too-deep', 1, 5 * 512 + 1],
  ['deep-flow.yaml', () => `name: db\nx: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`, 'source/too-deep', 2, 0],
  ['deep-block.yaml', () => `name: db\nx:\n${Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i + 1)}- `).join('\n')}1\n`, 'source/too-deep', 0, 0],
  ['self-alias.yaml', () => 'name: db\ncache: &loop\n  channel_cache: *loop\n', 'source/yaml-aliases', 3, 18],
  ['alias-bomb.yaml', aliasBomb, 'source/yaml-aliases', 4, 0],
  ['parens.json', () => JSON.stringify({ name: 'db', sync: `function (doc) { var x = ${'('.repeat(600)}1${')'.repeat(600)}; }` }), 'functions/too-deep', 1, 0],
  ['ifs.json', () => JSON.stringify({ name: 'db', sync: `function (doc) { ${'if (doc.a) {'.repeat(20_000)}${'}'.repeat(20_000)} }` }), 'functions/too-deep', 1, 0],
];

describe('hostile inputs beside a good config', () => {
  it('each file gets its verdict in bounded time and memory; exit 1', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-hostile-'));
    for (const [file, text] of HOSTILE) writeFileSync(path.join(dir, file), text());
    writeFileSync(path.join(dir, 'good.json'), JSON.stringify({ name: 'db', bucket: 'b', allow_conflicts: true }));
    const started = Date.now();
    const r = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, path.join(ROOT, 'bin/sgconf.js'), 'lint', '.', '--format', 'json'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    const seconds = (Date.now() - started) / 1000;
    expect(r.status, r.stderr).toBe(1);
    const peakKb = Number(r.stderr.trim().split('\n').pop());
    expect(seconds).toBeLessThan(30);
    expect(peakKb).toBeLessThan(1024 * 1024);
    const results = new Map<string, { rule: string; line: number; column: number }[]>(JSON.parse(r.stdout).results.map((x: { file: string; diagnostics: [] }) => [x.file, x.diagnostics]));
    for (const [file, , rule, line, column] of HOSTILE) {
      const found = results.get(file)?.find((d) => d.rule === rule);
      expect(found, `${file}: ${JSON.stringify(results.get(file))}`).toBeDefined();
      if (line > 0) expect(found!.line, file).toBe(line);
      if (column > 0) expect(found!.column, file).toBe(column);
    }
    // The good config keeps its normal findings.
    expect(results.get('good.json')!.map((d) => d.rule)).toContain('database/allow-conflicts');
  });
});
