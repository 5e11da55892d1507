// A stranger's pull request commits links where sgconf writes: the report of `lint -o`, the coverage folder
// of `test --coverage`, the output folder of `convert --out` and `build --out`. Each leads out of the
// repository (to a script a later CI step runs) or into .git/hooks; sgconf refuses each with one line and
// exit 2, and writes nothing there (docs/security.md). Real links and the CLI.
import { describe, expect, it } from 'vitest';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from '../helpers/cli.js';

const SCRIPT = '#!/bin/sh\necho deploy\n';

/** A repository (with .git/hooks) holding a config and a test file, beside a runner's script outside it. */
function checkout(): { repo: string; script: string; hooks: string } {
  const top = mkdtempSync(path.join(os.tmpdir(), 'sgconf-writes-'));
  const repo = path.join(top, 'repo');
  const hooks = path.join(repo, '.git', 'hooks');
  mkdirSync(hooks, { recursive: true });
  const script = path.join(top, 'deploy.sh');
  writeFileSync(script, SCRIPT);
  writeFileSync(path.join(repo, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync: 'function (doc) { channel(doc.c); }' }));
  writeFileSync(path.join(repo, 'db.sgtest.json'), JSON.stringify({ config: 'db.json', cases: [{ name: 'c', doc: { c: 'x' }, expect: { channels: ['x'] } }] }));
  writeFileSync(path.join(repo, 'legacy.json'), JSON.stringify({ databases: { db: { server: 'couchbases://cb', bucket: 'db', enable_shared_bucket_access: true } } }));
  return { repo, script, hooks };
}

describe('sgconf never writes through a link the repository holds', () => {
  it('lint -o report.json, a link to a script outside the repository: refused, the script unchanged', async () => {
    const { repo, script } = checkout();
    symlinkSync(script, path.join(repo, 'report.json'));
    const r = await runCli(['lint', 'db.json', '--format', 'json', '-o', 'report.json'], { cwd: repo });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^sgconf lint: cannot write the report: report\.json is a link that leads out of the repository, and sgconf does not write through it\./);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(readFileSync(script, 'utf8')).toBe(SCRIPT);
  });

  it('lint -o reports/x.json, a folder link into .git/hooks: refused, no hook written', async () => {
    const { repo, hooks } = checkout();
    symlinkSync(hooks, path.join(repo, 'reports'));
    const r = await runCli(['lint', 'db.json', '-o', 'reports/pre-commit'], { cwd: repo });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('reports is a link that leads into .git/');
    expect(readdirSync(hooks)).toEqual([]);
  });

  it('test -o report.xml, a link to a script outside the repository: refused before any case runs', async () => {
    const { repo, script } = checkout();
    symlinkSync(script, path.join(repo, 'report.xml'));
    const r = await runCli(['test', 'db.sgtest.json', '--format', 'junit', '-o', 'report.xml'], { cwd: repo });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('report.xml is a link that leads out of the repository');
    expect(readFileSync(script, 'utf8')).toBe(SCRIPT);
  });

  it('test --coverage, coverage/ a link out of the repository: refused', async () => {
    const { repo, script } = checkout();
    symlinkSync(path.dirname(script), path.join(repo, 'coverage'));
    const r = await runCli(['test', 'db.sgtest.json', '--coverage'], { cwd: repo });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('coverage is a link that leads out of the repository');
    expect(existsSync(path.join(path.dirname(script), 'lcov.info'))).toBe(false);
  });

  it.each([
    ['convert', ['convert', 'legacy.json', '--out', 'out', '--decide', 'environment-references=text']],
    ['build', ['build', 'db.json', '--out', 'out']],
  ])('%s --out out, a link to a folder outside the repository: refused, nothing written there', async (_command, args) => {
    const { repo, script } = checkout();
    const outside = path.join(path.dirname(script), 'elsewhere');
    mkdirSync(outside);
    symlinkSync(outside, path.join(repo, 'out'));
    const r = await runCli(args, { cwd: repo });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('out is a link that leads out of the repository');
    expect(readdirSync(outside)).toEqual([]);
  });

  it('a link to nothing (a write would create its target outside) is refused too', async () => {
    const { repo, script } = checkout();
    const target = path.join(path.dirname(script), 'new-file.sh');
    symlinkSync(target, path.join(repo, 'report.json'));
    const r = await runCli(['lint', 'db.json', '-o', 'report.json'], { cwd: repo });
    expect(r.code).toBe(2);
    expect(existsSync(target)).toBe(false);
  });

  it('never writes over an executable or a file of another kind; writes where the user pointed outside the repository', async () => {
    const { repo, script } = checkout();
    writeFileSync(path.join(repo, 'run.sh'), SCRIPT);
    chmodSync(path.join(repo, 'run.sh'), 0o755);
    expect((await runCli(['lint', 'db.json', '-o', 'run.sh'], { cwd: repo })).stderr).toContain('run.sh is an executable file, which sgconf does not overwrite');
    expect(readFileSync(path.join(repo, 'run.sh'), 'utf8')).toBe(SCRIPT);
    expect((await runCli(['lint', 'db.json', '-o', '.git/hooks/pre-commit'], { cwd: repo })).stderr).toContain("inside the repository's .git/ folder");
    // The user's own choice of a place outside (the runner's temporary folder), and a link inside that stays inside.
    const report = path.join(path.dirname(script), 'sgconf.json');
    expect((await runCli(['lint', 'db.json', '--format', 'json', '-o', report], { cwd: repo })).code).toBe(0);
    expect(JSON.parse(readFileSync(report, 'utf8')).results).toHaveLength(1);
    mkdirSync(path.join(repo, 'reports'));
    symlinkSync('reports', path.join(repo, 'latest'));
    expect((await runCli(['lint', 'db.json', '-o', 'latest/r.txt'], { cwd: repo })).code).toBe(0);
    expect(existsSync(path.join(repo, 'reports', 'r.txt'))).toBe(true);
  });
});
