// SARIF as GitHub code scanning reads it: Microsoft's SARIF multitool (npm @microsoft/sarif-multitool,
// installed here from the registry) validates the SARIF of the corpus and of the examples with its SARIF
// and GitHub (GHAS) rule sets, and finds no error.
import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const work = mkdtempSync(path.join(os.tmpdir(), 'sgconf-sarif-'));
let multitool = '';

beforeAll(() => {
  writeFileSync(path.join(work, 'package.json'), '{"private": true}');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '@microsoft/sarif-multitool@5'], { cwd: work, stdio: 'ignore' });
  multitool = execFileSync(process.execPath, ['-p', "require('@microsoft/sarif-multitool')"], { cwd: work, encoding: 'utf8' }).trim();
}, 600_000);

/** The multitool's findings about a SARIF file (its own output is SARIF too). */
function validate(sarifFile: string): { ruleId: string; level: string; text: string }[] {
  const out = path.join(work, `${path.basename(sarifFile)}.validation.sarif`);
  const r = spawnSync(multitool, ['validate', sarifFile, '--output', out, '--rule-kind', 'Gh;Sarif', '--log', 'ForceOverwrite'], { encoding: 'utf8', timeout: 300_000 });
  expect(r.status, r.stdout + r.stderr).toBe(0);
  const report = JSON.parse(readFileSync(out, 'utf8').replace(/^\uFEFF/, ''));
  return report.runs[0].results.map((x: { ruleId: string; level: string; message: { text?: string; arguments?: string[] } }) => ({ ruleId: x.ruleId, level: x.level ?? 'warning', text: x.message.text ?? (x.message.arguments ?? []).join(' ') }));
}

function sarifOf(args: string[]): string {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/sgconf.js'), 'lint', ...args, '--format', 'sarif', '--no-remote'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
  const file = path.join(work, `${args.join('_').replace(/\W+/g, '_')}.sarif`);
  writeFileSync(file, r.stdout);
  return file;
}

describe('SARIF with the SARIF multitool (GitHub rule set)', () => {
  it.each([['../shared/corpus'], ['examples']])('the SARIF of %s has no error', (folder) => {
    const errors = validate(sarifOf([folder])).filter((f) => f.level === 'error');
    expect(errors).toEqual([]);
  });

  it('would catch a rule descriptor without help (GH2012), so the check is real', () => {
    const file = sarifOf(['examples']);
    const sarif = JSON.parse(readFileSync(file, 'utf8'));
    for (const rule of sarif.runs[0].tool.driver.rules) delete rule.help;
    writeFileSync(file, JSON.stringify(sarif));
    expect(validate(file).some((f) => f.ruleId === 'GH2012' && f.level === 'error')).toBe(true);
  });
});
