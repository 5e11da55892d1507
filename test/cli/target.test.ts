// --target as a user runs it: the release named once (option or tool config) decides every verdict,
// and every report format says which release it judged for.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';

async function runCli(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; }, cwd, env: {}, isTTY: false };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

/** A folder with a database config that sets allow_conflicts true (3.1-3.3 warn, 4.0+ refuse). */
function project(toolConfig?: unknown): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-target-'));
  writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', allow_conflicts: true }, null, 2));
  if (toolConfig !== undefined) writeFileSync(path.join(dir, '.sgconfrc.json'), JSON.stringify(toolConfig));
  return dir;
}

function finding(stdout: string): { severity: string; message: string } | undefined {
  const report = JSON.parse(stdout);
  return report.results.flatMap((r: { diagnostics: { rule: string }[] }) => r.diagnostics).find((d: { rule: string }) => d.rule === 'database/allow-conflicts');
}

describe('--target', () => {
  it('defaults to 4.1: the JSON report says so and 4.1 refuses the database (exit 1)', async () => {
    const r = await runCli(['lint', 'db.json', '--format', 'json'], project());
    expect(JSON.parse(r.stdout).target).toBe('4.1');
    expect(finding(r.stdout)).toMatchObject({ severity: 'error' });
    expect(r.code).toBe(1);
  });

  it('3.3 accepts it with a deprecation warning: exit 0, and the message names 4.0 as the release that refuses it', async () => {
    const r = await runCli(['lint', 'db.json', '--format', 'json', '--target', '3.3'], project());
    expect(JSON.parse(r.stdout).target).toBe('3.3');
    expect(finding(r.stdout)).toMatchObject({ severity: 'warning', message: expect.stringContaining('refused by 4.0'), detail: expect.stringContaining('4.0 and later refuse it') });
    expect(r.code).toBe(0);
  });

  it('a patch version is judged as its line', async () => {
    const r = await runCli(['lint', 'db.json', '--format', 'json', '--target', '3.1.4'], project());
    expect(JSON.parse(r.stdout).target).toBe('3.1');
  });

  it('an unknown version is misuse: exit 2, the known releases listed, no report', async () => {
    const r = await runCli(['lint', 'db.json', '--target', '4.2'], project());
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('2.8, 3.0, 3.1, 3.2, 3.3, 4.0, 4.1');
  });

  it('the tool config names the target once; the option wins over it', async () => {
    const dir = project({ target: '3.2' });
    const fromConfig = await runCli(['lint', 'db.json', '--format', 'json'], dir);
    expect(JSON.parse(fromConfig.stdout).target).toBe('3.2');
    expect(fromConfig.code).toBe(0);
    const fromOption = await runCli(['lint', 'db.json', '--format', 'json', '--target', '4.0'], dir);
    expect(JSON.parse(fromOption.stdout).target).toBe('4.0');
    expect(fromOption.code).toBe(1);
  });

  it('an unknown target in the tool config is a config/invalid error at its key', async () => {
    const r = await runCli(['lint', 'db.json', '--format', 'json'], project({ target: '5.0' }));
    const problem = JSON.parse(r.stdout).results.find((x: { file: string }) => x.file === '.sgconfrc.json');
    expect(problem.diagnostics[0]).toMatchObject({ rule: 'config/invalid', pointer: '/target', line: 1, column: 2 });
    expect(r.code).toBe(1);
  });

  it('stylish names the target in its summary line; SARIF in the run properties', async () => {
    const dir = project();
    const stylish = await runCli(['lint', 'db.json', '--target', '3.3'], dir);
    expect(stylish.stdout).toMatch(/1 problem \(0 errors, 1 warning, 0 info\) in 1 file, judged for Sync Gateway 3\.3\n$/);
    const sarif = await runCli(['lint', 'db.json', '--format', 'sarif', '--target', '3.0'], dir);
    expect(JSON.parse(sarif.stdout).runs[0].properties).toEqual({ target: '3.0' });
  });

  it('convert needs 3.0 or later: --target 2.8 is misuse', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-target-'));
    writeFileSync(path.join(dir, 'sg.json'), JSON.stringify({ databases: { db: { server: 'couchbases://cb', bucket: 'b' } } }));
    const r = await runCli(['convert', 'sg.json', '--dry-run', '--target', '2.8'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('3.0 or later');
  });

  it('convert needs 3.0 or later: a tool config target of 2.8 is misuse too, and --target wins over it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-target-'));
    writeFileSync(path.join(dir, 'sg.json'), JSON.stringify({ databases: { db: { server: 'couchbases://cb', bucket: 'b', enable_shared_bucket_access: true } } }));
    writeFileSync(path.join(dir, '.sgconfrc.json'), JSON.stringify({ target: '2.8' }));
    const fromConfig = await runCli(['convert', 'sg.json', '--dry-run'], dir);
    expect(fromConfig.code).toBe(2);
    expect(fromConfig.stdout).toBe('');
    expect(fromConfig.stderr).toContain("the tool config's target 2.8: this command needs 3.0 or later");
    const overridden = await runCli(['convert', 'sg.json', '--dry-run', '--target', '3.3'], dir);
    expect(overridden.code).toBe(0);
  });
});
