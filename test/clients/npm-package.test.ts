// The npm package as users get it: `npm pack`, a global install, `npx` of the tarball, and the
// programmatic API's types compiled by tsc in a project of their own.
import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const work = mkdtempSync(path.join(os.tmpdir(), 'sgconf-npm-'));
let tarball = '';

/** A folder unrelated to this repository, with one broken and one clean config. */
function userFolder(): string {
  const dir = path.join(work, `user-${Math.random().toString(36).slice(2)}`);
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'bad.json'), JSON.stringify({ name: 'db', bucket: 'b', revs_limt: 1 }));
  writeFileSync(path.join(dir, 'good.json'), JSON.stringify({ name: 'db', bucket: 'b' }));
  return dir;
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout: 600_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  const out = execFileSync('npm', ['pack', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8' });
  // Standard output is the tarball name alone (pre-commit and scripts rely on it).
  expect(out.trim()).toMatch(/^sgconf-\d+\.\d+\.\d+\.tgz$/);
  tarball = path.join(work, out.trim());
}, 600_000);

describe('npm package', () => {
  it('a global install runs sgconf lint from an unrelated folder', () => {
    const prefix = path.join(work, 'global');
    expect(run('npm', ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', tarball], work).code).toBe(0);
    const sgconf = path.join(prefix, 'bin', 'sgconf');
    const dir = userFolder();
    const bad = run(sgconf, ['lint', 'bad.json', '--format', 'json'], dir);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).results[0].diagnostics.map((d: { rule: string }) => d.rule)).toContain('schema/unknown-field');
    const good = run(sgconf, ['lint', 'good.json'], dir);
    expect(good.code).toBe(0);
    expect(good.stdout).toContain('1 file checked for Sync Gateway 4.1, no problems');
  });

  it('npx of the tarball runs it too', () => {
    const dir = userFolder();
    const r = run('npx', ['--yes', '--package', tarball, 'sgconf', 'lint', 'bad.json', 'good.json', '--format', 'json'], dir, { ...process.env, npm_config_cache: path.join(work, 'npx-cache') });
    expect(r.code, r.stderr).toBe(1);
    expect(JSON.parse(r.stdout).results.map((x: { file: string }) => x.file)).toEqual(['bad.json', 'good.json']);
  });

  it('the programmatic API type-checks with tsc --noEmit in a project that installs the package', () => {
    const project = path.join(work, 'types');
    mkdirSync(project);
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'uses-sgconf', private: true, type: 'module' }));
    // A Node.js project: it has Node's own types, as any user of a Node library does.
    expect(run('npm', ['install', '--no-audit', '--no-fund', tarball, '@types/node@20'], project).code).toBe(0);
    writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', noEmit: true, skipLibCheck: false, types: ['node'] }, files: ['main.ts'] }));
    writeFileSync(path.join(project, 'main.ts'), [
      "import { lintText, parseRelease, summarize, type Diagnostic, type LintReport, type Release } from 'sgconf';",
      "const target: Release = parseRelease('3.3.1') ?? '4.1';",
      "const result = await lintText('{\"name\": \"db\"}', 'db.json', { target, env: {}, remote: false });",
      'const first: Diagnostic | undefined = result.diagnostics[0];',
      'const report: LintReport = summarize([result], target);',
      'console.log(first?.rule, report.errorCount);',
      '',
    ].join('\n'));
    const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const r = run(process.execPath, [tsc, '-p', 'tsconfig.json'], project);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.code).toBe(0);
    // And a wrong use is caught (the types are real, not `any`).
    writeFileSync(path.join(project, 'main.ts'), "import { lintText } from 'sgconf';\nconst n: number = await lintText('{}', 'x.json');\nconsole.log(n);\n");
    expect(run(process.execPath, [tsc, '-p', 'tsconfig.json'], project).code).not.toBe(0);
  });

  it('the tarball holds the built entry point and the schemas, not the sources of tests', () => {
    const list = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
    expect(list).toContain('package/bin/sgconf.js');
    expect(list).toContain('package/dist/index.d.ts');
    expect(list).toContain('package/schemas/database.schema.json');
    expect(list.some((f) => f.startsWith('package/test/'))).toBe(false);
    expect(readdirSync(work).filter((f) => f.endsWith('.tgz'))).toHaveLength(1);
  });
});
