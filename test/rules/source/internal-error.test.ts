// source/internal-error: a rule that throws is reported on that file, the other rules still run, and the
// other files of the run are reported as usual (exit 1, not a crash).
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { rule as allowConflicts } from '../../../src/rules/database/allow-conflicts.js';
import { lintPaths } from '../../../src/files.js';
import { main } from '../../../src/cli/main.js';

const check = allowConflicts.check!;
afterEach(() => {
  allowConflicts.check = check;
});

function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-internal-'));
  writeFileSync(path.join(dir, 'a.json'), JSON.stringify({ name: 'a', bucket: 'b', revs_limt: 1 }));
  writeFileSync(path.join(dir, 'b.json'), JSON.stringify({ name: 'b', bucket: 'b' }));
  return dir;
}

describe('source/internal-error', () => {
  it('a rule that throws: reported on each file, the other rules still run, every file reported', async () => {
    allowConflicts.check = () => {
      throw new TypeError("Cannot read properties of undefined (reading 'x')");
    };
    const dir = folder();
    const report = await lintPaths(['.'], { cwd: dir, env: {}, remote: false });
    expect(report.results.map((r) => r.file)).toEqual(['a.json', 'b.json']);
    const a = report.results[0]!.diagnostics.map((d) => d.rule);
    expect(a).toContain('source/internal-error');
    expect(a).toContain('schema/unknown-field');
    const failure = report.results[1]!.diagnostics.find((d) => d.rule === 'source/internal-error')!;
    expect(failure.message).toMatch(/^sgconf failed on this file in rule database\/allow-conflicts: Cannot read properties of undefined /);
    expect(failure.detail).toMatch(/please report it/);
  });

  it('the CLI exits 1 (a finding), not 2 (misuse), and prints the report', async () => {
    allowConflicts.check = () => {
      throw new RangeError('Maximum call stack size exceeded');
    };
    let stdout = '';
    let stderr = '';
    const code = await main(['lint', '.', '--format', 'json'], { stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; }, cwd: folder(), env: {}, isTTY: false });
    expect(code).toBe(1);
    expect(stderr).toBe('');
    expect(JSON.parse(stdout).results).toHaveLength(2);
  });
});
