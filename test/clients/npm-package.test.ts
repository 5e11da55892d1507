// The npm package as users get it: `npm pack` of a fresh clone, a global install, `npx` of the tarball,
// the README's plain git hook in a project that installed it, and the programmatic API's types compiled
// by `tsc --noEmit` in a project of its own. Each runs `sgconf lint` from a folder unrelated to sgconf
// and must answer exactly as the clone's own `node bin/sgconf.js` does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cloneAtHead, ROOT, userEnv } from './checkout';

const work = mkdtempSync(path.join(os.tmpdir(), 'sgconf-npm-'));
const checkout = path.join(work, 'sgconf');
const packs = path.join(work, 'packs');
const env = userEnv();
let tarball = '';

function run(cmd: string, args: string[], cwd: string, extraEnv: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(cmd, args, { cwd, env: { ...env, ...extraEnv }, encoding: 'utf8', timeout: 600_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function npm(args: string[], cwd: string): void {
  const r = run('npm', [...args, '--no-audit', '--no-fund'], cwd);
  expect(r.code, r.stderr).toBe(0);
}

/** A folder unrelated to sgconf, with one broken and one clean database config. */
function userFolder(name: string): string {
  const dir = path.join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'bad.json'), JSON.stringify({ name: 'db', bucket: 'b', revs_limt: 1 }));
  writeFileSync(path.join(dir, 'good.json'), JSON.stringify({ name: 'db', bucket: 'b' }));
  return dir;
}

/** What the clone's own entry point answers in `dir`: the reference for every installed copy. */
function fromCheckout(args: string[], dir: string) {
  return run(process.execPath, [path.join(checkout, 'bin', 'sgconf.js'), ...args], dir);
}

// Argument lists covering both exit codes and both a human and a machine format.
const LINTS = [
  ['lint', 'bad.json'],
  ['lint', 'good.json'],
  ['lint', 'bad.json', 'good.json', '--format', 'json'],
];

beforeAll(() => {
  cloneAtHead(checkout);
  npm(['ci'], checkout);
  mkdirSync(packs);
  const r = run('npm', ['pack', '--pack-destination', packs], checkout);
  expect(r.code, r.stderr).toBe(0);
  // Standard output is the tarball's name alone: pre-commit and scripts read it from there.
  expect(r.stdout).toMatch(/^sgconf-\d+\.\d+\.\d+\.tgz\n$/);
  tarball = path.join(packs, r.stdout.trim());
}, 600_000);

// Clones, npm installs and caches: a few hundred MB per run.
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm package', () => {
  it('the reference answers are what a user expects (exit 1 with the finding, exit 0 when clean)', () => {
    const dir = userFolder('reference');
    const bad = fromCheckout(LINTS[0], dir);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('unknown field "revs_limt" at the top level of the database config');
    const good = fromCheckout(LINTS[1], dir);
    expect(good.code).toBe(0);
    expect(good.stdout).toContain('1 file checked for Sync Gateway 4.1, no problems');
  });

  it('a global install into a prefix runs sgconf lint from an unrelated folder as the checkout does', () => {
    const prefix = path.join(work, 'global');
    npm(['install', '--global', '--prefix', prefix, tarball], work);
    const dir = userFolder('global-user');
    for (const args of LINTS) {
      expect(run(path.join(prefix, 'bin', 'sgconf'), args, dir)).toEqual(fromCheckout(args, dir));
    }
    // The installed copy starts from the bundle and its code cache as the clone does (npm rewrites every
    // file's time at install, which once made the launcher take the bundle for stale).
    const debug = run(path.join(prefix, 'bin', 'sgconf'), ['--version'], dir, { SGCONF_DEBUG: '1' });
    expect(debug.stderr).toContain(`running the bundle ${path.join(prefix, 'lib', 'node_modules', 'sgconf', 'dist', 'sgconf.cjs')}`);
    // sgconf test from the installed copy: its engine workers (the one-file worker, with the engine from the
    // installed node_modules) answer as the checkout's.
    const tests = path.join(work, 'global-tests');
    mkdirSync(tests);
    writeFileSync(path.join(tests, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync: 'function (doc) { requireUser(doc.owner); channel("o-" + doc.owner); }' }));
    writeFileSync(path.join(tests, 'db.sgtest.json'), JSON.stringify({ config: 'db.json', cases: [
      { name: 'the owner', doc: { owner: 'ann' }, userCtx: { name: 'ann' }, expect: { channels: ['o-ann'] } },
      { name: 'a stranger', doc: { owner: 'ann' }, userCtx: { name: 'bob' }, expect: { rejected: 403 } },
    ] }));
    // The same report, but for how long each file took.
    const untimed = (r: { code: number | null; stdout: string; stderr: string }) => ({ ...r, stdout: r.stdout.replace(/"durationMs": [\d.]+/g, '"durationMs": 0') });
    const installed = untimed(run(path.join(prefix, 'bin', 'sgconf'), ['test', '--format', 'json'], tests));
    expect(installed).toEqual(untimed(fromCheckout(['test', '--format', 'json'], tests)));
    expect(installed.stdout).toContain('"passed": 2');
  });

  it('npx of the tarball runs it as the checkout does', () => {
    const dir = userFolder('npx-user');
    for (const args of LINTS) {
      // A cache of its own: npx keeps every package it ran there, and these tarballs are throwaway.
      const r = run('npx', ['--yes', '--package', tarball, 'sgconf', ...args], dir, { npm_config_cache: path.join(work, 'npx-cache') });
      // npx itself may warn about the machine's npm config first; the rest is sgconf's.
      const stderr = r.stderr.split('\n').filter((line) => !line.startsWith('npm warn ')).join('\n');
      expect({ ...r, stderr }).toEqual(fromCheckout(args, dir));
    }
  });

  it("the README's plain git hook stops a commit with a broken config in a project that installed the package", () => {
    const dir = path.join(work, 'git-hook-user');
    mkdirSync(dir);
    execFileSync('git', ['init', '--quiet', dir]);
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'app', private: true }));
    npm(['install', '--save-dev', tarball], dir);
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('Without the framework, a plain git hook'));
    const hook = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    expect(hook).toContain('npx sgconf lint');
    writeFileSync(path.join(dir, '.git', 'hooks', 'pre-commit'), hook);
    chmodSync(path.join(dir, '.git', 'hooks', 'pre-commit'), 0o755);
    userFolder('git-hook-user/config');
    expect(run('git', ['add', 'config/bad.json'], dir).code).toBe(0);
    // git shows a hook's output on its standard error.
    const broken = run('git', ['commit', '--message', 'broken'], dir);
    expect(broken.code).not.toBe(0);
    expect(broken.stderr).toContain('config/bad.json (database)');
    expect(broken.stderr).toContain('unknown field "revs_limt"');
    expect(run('git', ['rev-parse', '--verify', '--quiet', 'HEAD'], dir).code).not.toBe(0);
    expect(run('git', ['reset', '--quiet'], dir).code).toBe(0);
    expect(run('git', ['add', 'config/good.json', 'package.json'], dir).code).toBe(0);
    const clean = run('git', ['commit', '--message', 'clean'], dir);
    expect(clean.code, clean.stdout + clean.stderr).toBe(0);
  });

  it('the programmatic API type-checks with tsc --noEmit in a project that installs the package', () => {
    const project = path.join(work, 'types');
    mkdirSync(project);
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'uses-sgconf', private: true, type: 'module' }));
    // A Node.js project: it has Node's own types, as any user of a Node library does.
    npm(['install', tarball, '@types/node@20'], project);
    const tsc = path.join(checkout, 'node_modules', 'typescript', 'bin', 'tsc');
    const typecheck = () => run(process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.json'], project);
    writeFileSync(path.join(project, 'main.ts'), [
      "import { lintText, lintPaths, parseRelease, summarize, formatReport, type Diagnostic, type LintReport, type Release } from 'sgconf';",
      "const target: Release = parseRelease('3.3.1') ?? '4.1';",
      "const result = await lintText('{\"name\": \"db\"}', 'db.json', { target, env: {}, remote: false });",
      'const first: Diagnostic | undefined = result.diagnostics[0];',
      'const report: LintReport = summarize([result], target);',
      "const text: string = await formatReport(report, 'stylish', { cwd: process.cwd(), color: false });",
      "const folder: LintReport = await lintPaths(['config'], { target, ignore: ['**/*.tmp.json'] });",
      'console.log(first?.rule, report.errorCount, text.length, folder.results.length);',
      '',
    ].join('\n'));
    // Both module resolutions a TypeScript project uses with an ES module package.
    for (const options of [{ module: 'nodenext', moduleResolution: 'nodenext' }, { module: 'esnext', moduleResolution: 'bundler' }]) {
      writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...options, strict: true, target: 'es2022', skipLibCheck: false, types: ['node'] }, files: ['main.ts'] }));
      const r = typecheck();
      expect(r.stdout + r.stderr, JSON.stringify(options)).toBe('');
      expect(r.code).toBe(0);
    }
    // And a wrong use is caught (the types are real, not `any`).
    writeFileSync(path.join(project, 'main.ts'), "import { lintText } from 'sgconf';\nconst n: number = await lintText('{}', 'x.json');\nconsole.log(n);\n");
    const wrong = typecheck();
    expect(wrong.code).not.toBe(0);
    expect(wrong.stdout).toContain("main.ts(2,7): error TS2322: Type 'FileResult' is not assignable to type 'number'");
  });

  it('the tarball holds the built entry point, the types and the schemas, not the tests or sources', () => {
    const list = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
    expect(list).toContain('package/bin/sgconf.js');
    expect(list).toContain('package/dist/index.d.ts');
    expect(list).toContain('package/schemas/database.schema.json');
    expect(list).toContain('package/.pre-commit-hooks.yaml');
    expect(list.some((f) => f.startsWith('package/test/') || f.startsWith('package/src/'))).toBe(false);
    expect(readdirSync(packs)).toEqual([path.basename(tarball)]);
  });
});
