// The pre-commit framework (Debian's pre-commit, installed by .ci/run) installs this repository as a hook
// exactly as the README's .pre-commit-config.yaml asks, and real `git commit`s run it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cloneAtHead, ROOT, userEnv } from './checkout';
import { readmeRepository } from '../helpers/readme-repository';

const work = mkdtempSync(path.join(os.tmpdir(), 'sgconf-pre-commit-'));
// pre-commit's own cache (hook repositories and their environments), shared by the projects below.
const cache = path.join(work, 'cache');
const env = userEnv({ PRE_COMMIT_HOME: cache });
// The hook repository: a clone of this one at HEAD, which `repo:` + `rev:` name for a user.
const hookRepo = path.join(work, 'sgconf');
let rev = '';

function run(cmd: string, args: string[], cwd: string): { code: number; out: string } {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout: 600_000 });
  if (r.error) return { code: -1, out: String(r.error) };
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

beforeAll(() => {
  const version = run('pre-commit', ['--version'], work);
  expect(version.code, `pre-commit is needed (.ci/run installs it: apt-get install -y pre-commit): ${version.out}`).toBe(0);
  rev = cloneAtHead(hookRepo);
});

// Clones, npm installs and caches: a few hundred MB per run.
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A git repository with `.pre-commit-config.yaml` and pre-commit's git hook installed. */
function project(name: string, preCommitConfig: string): string {
  const dir = path.join(work, name);
  execFileSync('git', ['init', '--quiet', dir]);
  writeFileSync(path.join(dir, '.pre-commit-config.yaml'), preCommitConfig);
  const install = run('pre-commit', ['install'], dir);
  expect(install.code, install.out).toBe(0);
  return dir;
}

/** Writes the files, stages everything and commits: what a user does. */
function commit(dir: string, files: Record<string, string>): { code: number; out: string } {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  expect(run('git', ['add', '--all'], dir).code).toBe(0);
  return run('git', ['commit', '--message', 'change'], dir);
}

/** The hook environments pre-commit installed (one folder per hook repository and language). */
function hookEnvironments(): string[] {
  return readdirSync(cache).filter((d) => d.startsWith('repo'))
    .flatMap((repo) => readdirSync(path.join(cache, repo)).filter((d) => d.startsWith('node_env')).map((d) => path.join(cache, repo, d)));
}

const brokenDatabase = JSON.stringify({ databases: { db: { server: 'couchbases://cb', enable_shared_bucket_access: true, revs_limt: 100 } } }, null, 2);
const cleanDatabase = JSON.stringify({ databases: { db: { server: 'couchbases://cb', enable_shared_bucket_access: true, revs_limit: 100 } } }, null, 2);

describe('pre-commit hook', () => {
  it("installs as the README's example says, fails a commit with a broken config, passes a clean one, and reuses its environment", () => {
    // The README's example, as written, with its two placeholders filled in.
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Use it as a pre-commit hook'));
    const example = /```yaml\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    expect(example).toContain('repo: /path/to/sgconf');
    expect(example).toContain('rev: <commit>');
    const dir = project('readme-example', example.replace('/path/to/sgconf', hookRepo).replace('<commit>', rev));

    // The example's `files` selects config/: a misspelt key there fails the commit and shows the report.
    const broken = commit(dir, { 'config/sync_gateway.json': brokenDatabase });
    expect(broken.code, broken.out).not.toBe(0);
    expect(broken.out).toContain('Installing environment');
    expect(broken.out).toContain('config/sync_gateway.json');
    expect(broken.out).toContain('unknown field "revs_limt" in database "db"; did you mean "revs_limit"?');
    expect(run('git', ['rev-parse', '--verify', '--quiet', 'HEAD'], dir).code).not.toBe(0);

    // One environment was installed; a file left in it survives the next commit only if it is reused.
    const [environment, ...others] = hookEnvironments();
    expect(others).toEqual([]);
    writeFileSync(path.join(environment, 'left-by-the-test'), '');

    const clean = commit(dir, { 'config/sync_gateway.json': cleanDatabase });
    expect(clean.code, clean.out).toBe(0);
    expect(clean.out).toMatch(/sgconf \(Sync Gateway config lint\)\.+Passed/);
    expect(clean.out).not.toContain('Installing environment');
    expect(hookEnvironments()).toEqual([environment]);
    expect(existsSync(path.join(environment, 'left-by-the-test'))).toBe(true);

    // The example's sgconf-test hook runs the repository's sync function tests: a failing case fails the commit.
    const orders = readFileSync(path.join(ROOT, 'examples/testing/orders.json'), 'utf8');
    const tests = readFileSync(path.join(ROOT, 'examples/testing/orders.sgtest.yaml'), 'utf8').replace('config: orders.json', 'config: ../config/orders.json');
    const failing = commit(dir, { 'config/orders.json': orders, 'tests/orders.sgtest.yaml': tests.replace('rejected: {status: 403, message: sg wrong user}', 'rejected: false') });
    expect(failing.code, failing.out).not.toBe(0);
    expect(failing.out).toContain('✗ nobody else creates an order in her name');
    const cases = (tests.match(/^  - name: /gm) ?? []).length;
    expect(failing.out).toContain(`${cases - 1} passed, 1 failed`);
    const passing = commit(dir, { 'tests/orders.sgtest.yaml': tests });
    expect(passing.code, passing.out).toBe(0);
    expect(passing.out).toMatch(/sgconf test \(sync function and import filter tests\)\.+Passed/);
  });

  it("passes a commit of the README's repository layout, and fails one that breaks its function file at that file's line", () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const example = /```yaml\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Use it as a pre-commit hook')))?.[1] ?? '';
    const dir = project('readme-repository', example.replace('/path/to/sgconf', hookRepo).replace('<commit>', rev));
    const { files } = readmeRepository();
    const clean = commit(dir, files);
    expect(clean.code, clean.out).toBe(0);
    expect(clean.out).toMatch(/sgconf \(Sync Gateway config lint\)\.+Passed/);
    expect(clean.out).toMatch(/sgconf test \(sync function and import filter tests\)\.+Passed/);

    const broken = commit(dir, { 'config/databases/orders-sync.js': files['config/databases/orders-sync.js']!.replace('requireUser(doc.owner);', 'requireUser(doc.owner;') });
    expect(broken.code, broken.out).not.toBe(0);
    expect(broken.out).toContain('config/databases/orders-sync.js:2:24: sync function from file orders-sync.js: Unexpected token ;');
    // The lint hook sees the function file too (its default `files` take .js under databases/), through its config.
    expect(broken.out).toMatch(/sgconf \(Sync Gateway config lint\)\.+Failed/);
    expect(broken.out).toMatch(/config\/databases\/orders-sync\.js\n +2:24 +error +sync function from file orders-sync\.js: Unexpected token ; \(through config\/databases\/orders\.yaml\)/);
    // The database config that names it, changed with it, is linted with the function inside.
    const both = commit(dir, { 'config/databases/orders.yaml': `${files['config/databases/orders.yaml']}revs_limit: 100\n` });
    expect(both.code, both.out).not.toBe(0);
    expect(both.out).toMatch(/config\/databases\/orders-sync\.js:2:24 +error/);

    // Every other input of a verdict is one of the hooks' too. An emptied env file fails the configs that read it.
    const restored = { 'config/databases/orders.yaml': files['config/databases/orders.yaml']!, 'config/databases/orders-sync.js': files['config/databases/orders-sync.js']! };
    const emptied = commit(dir, { ...restored, 'deploy.env': '' });
    expect(emptied.code, emptied.out).not.toBe(0);
    expect(emptied.out).toMatch(/sgconf \(Sync Gateway config lint\)\.+Failed/);
    expect(emptied.out).toMatch(/config\/bootstrap\.yaml \(bootstrap\)\n +4:13 +error +environment variable "SG_PASSWORD" is not defined/);
    // A typo in the tool config fails at its place.
    const typo = commit(dir, { 'deploy.env': files['deploy.env']!, '.sgconfrc.json': files['.sgconfrc.json']!.replace('"sources"', '"sourcez"') });
    expect(typo.code, typo.out).not.toBe(0);
    expect(typo.out).toMatch(/\.sgconfrc\.json[\s\S]*unknown key "sourcez" in the sgconf tool config/);
    // A broken import filter in functions/ fails through the config that names it.
    const filter = commit(dir, { '.sgconfrc.json': files['.sgconfrc.json']!, 'functions/orders-import.js': 'function (doc) { return doc.type === ; }\n' });
    expect(filter.code, filter.out).not.toBe(0);
    expect(filter.out).toMatch(/functions\/orders-import\.js\n +1:38 +error/);
    // A test file beside its config is checked as a test file, and its cases run.
    const beside = commit(dir, {
      'functions/orders-import.js': files['functions/orders-import.js']!,
      'config/databases/orders.sgtest.yaml': 'config: orders.yaml\ncases:\n  - name: an order of ann\n    doc: {type: order, owner: ann}\n    userCtx: {name: ann}\n    expect: {channels: [orders-ann]}\n',
    });
    expect(beside.code, beside.out).toBe(0);
    expect(beside.out).toMatch(/sgconf \(Sync Gateway config lint\)\.+Passed/);
    expect(beside.out).toMatch(/sgconf test \(sync function and import filter tests\)\.+Passed/);
  });

  it("picks gateway configs by name when `files` is not set, checks the tool config as one, and leaves other JSON alone", () => {
    const dir = project('default-files', `repos:\n  - repo: ${hookRepo}\n    rev: ${rev}\n    hooks:\n      - id: sgconf\n`);
    // None of these is a gateway config (the tool config, an npm manifest, a translation file under a
    // name with "sg-" inside); the bootstrap config is clean. The hook must not fail on any of them.
    const others = commit(dir, {
      '.sgconfrc.json': JSON.stringify({ target: '3.3' }),
      'package.json': JSON.stringify({ name: 'app', private: true }),
      'i18n/msg-en.json': JSON.stringify({ greeting: 'hello' }),
      'deploy/bootstrap.json': JSON.stringify({ bootstrap: { server: 'couchbases://cb', username: 'u', password: '${SG_PASSWORD:-change-me}' } }),
    });
    expect(others.code, others.out).toBe(0);

    // A database config in a databases/ folder is one, judged for the tool config's target.
    const broken = commit(dir, { 'deploy/databases/db.yaml': 'bucket: b\nrevs_limt: 5\n' });
    expect(broken.code, broken.out).not.toBe(0);
    expect(broken.out).toContain('deploy/databases/db.yaml (database)');
    expect(broken.out).toContain('unknown field "revs_limt" at the top level of the database config');
    expect(broken.out).toContain('judged for Sync Gateway 3.3');
    expect(broken.out).not.toContain('i18n/msg-en.json');

    // The tool config is checked as one: a typo in it fails the commit at its place.
    const fixedDb = { 'deploy/databases/db.yaml': 'bucket: b\nrevs_limit: 5\n' };
    const typo = commit(dir, { ...fixedDb, '.sgconfrc.json': JSON.stringify({ target: '3.3', rulez: {} }) });
    expect(typo.code, typo.out).not.toBe(0);
    expect(typo.out).toMatch(/\.sgconfrc\.json[\s\S]*unknown key "rulez" in the sgconf tool config/);
  });

  it('a commit that touches only files the tool config ignores passes (each skipped with an info)', () => {
    const dir = project('ignored-files', `repos:\n  - repo: ${hookRepo}\n    rev: ${rev}\n    hooks:\n      - id: sgconf\n`);
    const archived = commit(dir, {
      '.sgconfrc.json': JSON.stringify({ ignore: ['legacy-archive/**'] }),
      // An old config kept for the record, which lint would refuse.
      'legacy-archive/sync_gateway.json': JSON.stringify({ databases: { db: { server: 'http://cb:8091', revs_limit: 'many' } } }),
    });
    expect(archived.code, archived.out).toBe(0);
    expect(archived.out).toMatch(/sgconf \(Sync Gateway config lint\)\.+Passed/);
  });
});
