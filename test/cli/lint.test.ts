// The lint command as a user runs it: exit codes, formats, golden outputs.
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync, mkdtempSync, mkdirSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';

const ROOT = path.resolve(__dirname, '../..');
const FIXTURES = 'test/cli/fixtures';

async function runCli(args: string[], cwd = ROOT, env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; }, cwd, env, isTTY: false };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

function golden(name: string, actual: string): void {
  const file = path.join(__dirname, 'golden', name);
  if (process.env.UPDATE_GOLDEN || !existsSync(file)) writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

describe('sgconf lint', () => {
  it('exits 0 on a clean file and says so', async () => {
    const r = await runCli(['lint', `${FIXTURES}/clean-db.json`, '--no-remote']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('1 file checked for Sync Gateway 4.1, no problems');
    expect(r.code).toBe(0);
  });

  it('exits 1 with errors; json report is exactly the contract', async () => {
    const r = await runCli(['lint', `${FIXTURES}/typo.json`, '--format', 'json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(Object.keys(report)).toEqual(['target', 'results', 'errorCount', 'warningCount']);
    expect(report.target).toBe('4.1');
    expect(report.results[0].kind).toBe('bootstrap');
    const typo = report.results[0].diagnostics.find((d: { rule: string }) => d.rule === 'schema/unknown-field');
    expect(typo).toMatchObject({ severity: 'error', pointer: '/api/https/tls_minimum_versoin', line: 10, column: 16, endLine: 10, endColumn: 37 });
    expect(typo.message).toBe('unknown field "tls_minimum_versoin" in "api.https"; did you mean "tls_minimum_version"?');
    const duration = report.results[0].diagnostics.find((d: { pointer: string }) => d.pointer === '/bootstrap/config_update_frequency');
    expect(duration).toMatchObject({ rule: 'schema/type', line: 6, column: 32 });
    expect(r.stdout).not.toContain('s3cr3t-pass');
    golden('typo.json.txt', r.stdout);
  });

  it('stylish: grouped by file, code frame with a caret, summary, secrets masked, no colour when not a TTY', async () => {
    const r = await runCli(['lint', `${FIXTURES}/typo.json`]);
    expect(r.stdout).not.toMatch(/\u001b\[/);
    expect(r.stdout).not.toContain('s3cr3t-pass');
    expect(r.stdout).toMatch(/> +10 \| +"https": \{ "tls_minimum_versoin"/);
    golden('typo.stylish.txt', r.stdout);
  });

  it('stylish: a caret under or after a masked secret is placed and sized on the line as shown', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-caret-'));
    const secret = 'correct-horse-battery-staple-'.repeat(3);
    writeFileSync(path.join(dir, 'sg.json'), `{"databases": {"db": {"server": "couchbases://cb", "users": {"ann": {"password": "${secret}"}}, "revs_limit": "20"}}}\n`);
    const r = await runCli(['lint', 'sg.json', '--target', '3.1'], dir);
    expect(r.stdout).not.toContain(secret);
    const lines = r.stdout.split('\n');
    const caretUnder = (rule: string) => {
      const at = lines.findIndex((l) => l.endsWith(rule));
      const shown = lines[at + 1]!.slice(lines[at + 1]!.indexOf('| ') + 2);
      const caret = lines[at + 2]!.slice(lines[at + 2]!.indexOf('| ') + 2);
      return shown.slice(caret.indexOf('^'), caret.length);
    };
    // Under the secret, the caret is as wide as the mask: it never tells the secret's length.
    expect(caretUnder('database/user-password-too-long')).toBe('"****"');
    // After it, the caret is under the value it is about.
    expect(caretUnder('schema/type')).toBe('"20"');
  });

  it('github: workflow commands, errors first, escaped', async () => {
    const r = await runCli(['lint', `${FIXTURES}/typo.json`, `${FIXTURES}/bad-db.yaml`, '--format', 'github', '--no-remote']);
    const lines = r.stdout.trim().split('\n');
    const levels = lines.map((l) => l.slice(2, l.indexOf(' ')));
    expect(levels).toEqual([...levels].sort((a, b) => ['error', 'warning', 'notice'].indexOf(a) - ['error', 'warning', 'notice'].indexOf(b)));
    expect(lines.every((l) => /^::(error|warning|notice) file=[^,]+,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=[^:]+::/.test(l))).toBe(true);
    golden('github.txt', r.stdout);
  });

  it('YAML: an ES2015 construct in a block scalar points at its line in the YAML file', async () => {
    const r = await runCli(['lint', `${FIXTURES}/bad-db.yaml`, '--format', 'json', '--no-remote']);
    const diags = JSON.parse(r.stdout).results[0].diagnostics;
    expect(diags.find((d: { rule: string }) => d.rule === 'schema/type')).toMatchObject({ line: 3, column: 13 });
    const es2015 = diags.find((d: { rule: string }) => d.rule === 'functions/es2015-syntax');
    expect(es2015).toMatchObject({ line: 6, column: 5 });
  });

  it('--quiet reports errors only; --max-warnings turns warnings into exit 1', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-'));
    writeFileSync(path.join(dir, 'db.json'), '{"bucket": "b", "pool": "default", "pool": "default"}');
    const loud = await runCli(['lint', 'db.json', '--format', 'json'], dir);
    const warnings = JSON.parse(loud.stdout).warningCount;
    expect(warnings).toBeGreaterThan(0);
    expect(loud.code).toBe(0);
    expect((await runCli(['lint', 'db.json', '--max-warnings', String(warnings)], dir)).code).toBe(0);
    expect((await runCli(['lint', 'db.json', '--max-warnings', String(warnings - 1)], dir)).code).toBe(1);
    const quiet = await runCli(['lint', 'db.json', '--format', 'json', '--quiet'], dir);
    expect(JSON.parse(quiet.stdout).results[0].diagnostics).toEqual([]);
  });

  it('--no-env keeps $ references; an env map in the tool config is used for expansion', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-'));
    writeFileSync(path.join(dir, 'boot.json'), '{"bootstrap": {"server": "${CB_SERVER}", "username": "u", "password": "$CB_PASS"}}');
    const undef = await runCli(['lint', 'boot.json', '--format', 'json'], dir);
    expect(JSON.parse(undef.stdout).results[0].diagnostics.filter((d: { rule: string }) => d.rule === 'source/undefined-variable')).toHaveLength(2);
    const noEnv = await runCli(['lint', 'boot.json', '--format', 'json', '--no-env'], dir);
    expect(JSON.parse(noEnv.stdout).results[0].diagnostics.filter((d: { rule: string }) => d.rule === 'source/undefined-variable')).toHaveLength(0);
    writeFileSync(path.join(dir, '.sgconfrc.json'), JSON.stringify({ env: { CB_SERVER: 'couchbases://cb', CB_PASS: 'pw-from-env' } }));
    const withEnv = await runCli(['lint', 'boot.json', '--format', 'json'], dir);
    expect(JSON.parse(withEnv.stdout).results[0].diagnostics.filter((d: { rule: string }) => d.rule === 'source/undefined-variable')).toHaveLength(0);
  });

  it('with no path, checks the current folder, as ESLint does', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-lint-dot-'));
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', revs_limit: 'twenty' }));
    const bare = await runCli(['lint', '--format', 'json'], dir);
    expect(bare.code).toBe(1);
    expect(bare.stdout).toBe((await runCli(['lint', '.', '--format', 'json'], dir)).stdout);
  });

  it('misuse exits 2 with a one-line hint on stderr', async () => {
    for (const args of [['lint', '--bogus', 'x.json'], ['lint', 'x.json', '--format', 'xml'], ['lint', 'x.json', '--max-warnings', 'many'], ['nope']]) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stdout).toBe('');
    }
  });

  it('a missing file, an empty and a binary file are diagnostics, not crashes', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-'));
    writeFileSync(path.join(dir, 'empty.json'), '');
    writeFileSync(path.join(dir, 'binary.json'), Buffer.from([0x7b, 0x00, 0x01, 0x7d]));
    writeFileSync(path.join(dir, 'bom.json'), '\ufeff{"bucket": "b"}');
    mkdirSync(path.join(dir, 'sub'));
    writeFileSync(path.join(dir, 'sub', 'package.json'), '{"name": "x"}');
    // (A named folder of non-configs is misuse: test/cli/walk.test.ts.)
    const r = await runCli(['lint', 'missing.json', 'empty.json', 'binary.json', 'bom.json', '--format', 'json'], dir);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    const byFile = Object.fromEntries(report.results.map((x: { file: string; diagnostics: { rule: string; message: string }[] }) => [x.file, x.diagnostics.map((d) => `${d.rule}: ${d.message}`)]));
    expect(byFile['missing.json']).toEqual(['source/unreadable: no such file or directory']);
    expect(byFile['empty.json'][0]).toMatch(/^source\/syntax: .*empty/);
    expect(byFile['binary.json'][0]).toMatch(/^source\/unreadable: .*binary/);
    expect(byFile['bom.json'][0]).toMatch(/^source\/bom:/);
    expect(Object.keys(byFile)).not.toContain(path.join('sub', 'package.json'));
  });

  it('a tool config typo is reported, not ignored', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-'));
    writeFileSync(path.join(dir, 'db.json'), '{"bucket": "b"}');
    writeFileSync(path.join(dir, '.sgconfrc.json'), JSON.stringify({ rules: { 'schema/unknown-feild': 'off', 'source/syntax': 'loud' }, ignroe: [] }, null, 2));
    const r = await runCli(['lint', 'db.json', '--format', 'json'], dir);
    expect(r.code).toBe(1);
    const ignroe = JSON.parse(r.stdout).results[0].diagnostics.find((d: { pointer: string }) => d.pointer === '/ignroe');
    expect(ignroe).toMatchObject({ line: 6, column: 3 });
    const messages = JSON.parse(r.stdout).results[0].diagnostics.map((d: { message: string }) => d.message);
    expect(messages).toEqual(expect.arrayContaining([
      'unknown rule "schema/unknown-feild"; did you mean "schema/unknown-field"?',
      'rule "source/syntax": the setting must be "off", "info", "warning" or "error", not "loud"',
      'unknown key "ignroe" in the sgconf tool config; did you mean "ignore"?',
    ]));
  });

  it('tool config rules and ignore globs are honoured (package.json#sgconf found from a subfolder)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-'));
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'x', sgconf: { rules: { 'schema/unknown-field': 'warning' }, ignore: ['configs/skip/**'] } }));
    mkdirSync(path.join(dir, 'configs', 'skip'), { recursive: true });
    writeFileSync(path.join(dir, 'configs', 'db.json'), '{"bucket": "b", "buckett": "c"}');
    writeFileSync(path.join(dir, 'configs', 'skip', 'broken.json'), '{"bucket": ');
    const r = await runCli(['lint', '.', '--format', 'json'], path.join(dir, 'configs'));
    const report = JSON.parse(r.stdout);
    expect(report.results.map((x: { file: string }) => x.file)).toEqual(['db.json']);
    expect(report.results[0].diagnostics.find((d: { rule: string }) => d.rule === 'schema/unknown-field').severity).toBe('warning');
    expect(r.code).toBe(0);
  });

  it('the executable works from the repository root (bin/sgconf.js over dist/)', () => {
    const out = execFileSync(process.execPath, ['bin/sgconf.js', '--version'], { cwd: ROOT, encoding: 'utf8' });
    expect(out.trim()).toBe(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
    const r = spawnSync(process.execPath, ['bin/sgconf.js', 'lint', 'examples', '--no-remote'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/problems? \(|no problems/);
  });

  it('in a Node without WebAssembly (--jitless) a config\'s functions are still checked, by sgconf\'s own parser', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-jitless-'));
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync: 'function (doc) { let c = doc.channels; channel(c); }' }));
    const r = spawnSync(process.execPath, ['--jitless', path.join(ROOT, 'bin/sgconf.js'), 'lint', 'db.json', '--format', 'json'], { cwd: dir, encoding: 'utf8', env: { ...process.env, SGCONF_CACHE_DIR: '' } });
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).results[0].diagnostics.map((d: { rule: string }) => d.rule)).toEqual(['functions/es2015-syntax']);
  });

  it('in a Node without WebAssembly, sgconf test and dry-run say the engine cannot run, without a stack trace', () => {
    const run = (args: string[], input?: string) => spawnSync(process.execPath, ['--jitless', path.join(ROOT, 'bin/sgconf.js'), ...args], { cwd: ROOT, encoding: 'utf8', input, env: { ...process.env, SGCONF_CACHE_DIR: '' } });
    const test = run(['test', 'examples/testing']);
    expect(test.status).toBe(1);
    expect(test.stdout).toContain('11 cases not run: the function cannot be run: sgconf\'s engine failed: WebAssembly is not defined');
    const dryRun = run(['dry-run', 'examples/testing/orders.json', '--doc', '-'], '{"type": "order", "owner": "ann"}');
    expect(dryRun.status).toBe(1);
    expect(dryRun.stderr).toContain('the sync function cannot be run: sgconf\'s engine failed: WebAssembly is not defined');
    for (const r of [test, dryRun]) expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('a test file named on the command line (as a hook passes every changed file)', () => {
  it('is checked as a test file, as the editor checks it: no "unknown kind", its own mistakes at their places', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-lint-sgtest-'));
    writeFileSync(path.join(dir, 'orders.json'), readFileSync(path.join(ROOT, 'examples/testing/orders.json')));
    writeFileSync(path.join(dir, 'orders.sgtest.yaml'), readFileSync(path.join(ROOT, 'examples/testing/orders.sgtest.yaml')));
    const good = await runCli(['lint', 'orders.sgtest.yaml', 'orders.json', '--format', 'json'], dir);
    expect(good.code).toBe(0);
    expect(JSON.parse(good.stdout).results.map((r: { file: string }) => r.file).sort()).toEqual(['orders.json', 'orders.sgtest.yaml']);
    writeFileSync(path.join(dir, 'bad.sgtest.yaml'), 'config: orders.json\ncases:\n  - name: x\n    doc: {a: 1}\n    expcet: {channels: []}\n');
    const bad = await runCli(['lint', 'bad.sgtest.yaml', '--format', 'json'], dir);
    expect(bad.code).toBe(1);
    const found = JSON.parse(bad.stdout).results[0].diagnostics.map((d: { rule: string; line: number; message: string }) => `${d.rule} ${d.line} ${d.message}`);
    expect(found).toEqual(['sgtest/invalid-file 3 case "x" has no "expect": say what must come out', 'sgtest/invalid-file 5 unknown key "expcet" in case "x"; did you mean "expect"?']);
    expect(found.some((f: string) => f.startsWith('source/unknown-kind'))).toBe(false);
  });
});

describe('a tool config named on the command line', () => {
  it('is checked as a tool config: a typo is config/invalid at its place, a good one passes, each reported once', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-lint-rc-'));
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b' }));
    writeFileSync(path.join(dir, '.sgconfrc.json'), '{"rulez": {}}');
    const bad = await runCli(['lint', '.sgconfrc.json', '--format', 'json'], dir);
    expect(bad.code).toBe(1);
    const results = JSON.parse(bad.stdout).results as { file: string; diagnostics: { rule: string; message: string; line: number }[] }[];
    expect(results.map((r) => r.file)).toEqual(['.sgconfrc.json']);
    expect(results[0]!.diagnostics.map((d) => `${d.rule} ${d.line} ${d.message}`)).toEqual(['config/invalid 1 unknown key "rulez" in the sgconf tool config; did you mean "rules"?']);
    writeFileSync(path.join(dir, '.sgconfrc.json'), '{"target": "4.1"}');
    expect((await runCli(['lint', '.sgconfrc.json', 'db.json'], dir)).code).toBe(0);
  });
});


describe('a function file named on the command line (as a hook passes a changed .js file)', () => {
  it('gets the findings the configs that name it give, at its own lines; alone, what its own text shows', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-lint-js-'));
    mkdirSync(path.join(dir, 'config', 'databases'), { recursive: true });
    mkdirSync(path.join(dir, 'functions'));
    writeFileSync(path.join(dir, '.sgconfrc.json'), JSON.stringify({ sources: ['config/**'] }));
    writeFileSync(path.join(dir, 'config/databases/orders.yaml'), 'name: orders\nbucket: orders\nsync: orders-sync.js\nimport_filter: ../../functions/orders-import.js\n');
    writeFileSync(path.join(dir, 'config/databases/orders-sync.js'), 'function (doc, oldDoc) {\n  requireUser(doc.owner);\n  channel("orders-" + doc.owner;\n}\n');
    writeFileSync(path.join(dir, 'functions/orders-import.js'), 'function (doc) { return doc.type === "order"; }\n');
    writeFileSync(path.join(dir, 'functions/lone.js'), 'function (doc) { return true; }; x\n');
    const r = await runCli(['lint', 'config/databases/orders-sync.js', 'functions/orders-import.js', 'functions/lone.js', '--format', 'json'], dir);
    expect(r.code).toBe(1);
    const byFile = Object.fromEntries((JSON.parse(r.stdout).results as { file: string; diagnostics: { rule: string; line: number; column: number }[] }[]).map((f) => [f.file, f.diagnostics.map((d) => `${d.rule} ${d.line}:${d.column}`)]));
    expect(byFile).toEqual({
      'config/databases/orders-sync.js': ['functions/syntax-error 3:32'],
      'functions/orders-import.js': [],
      'functions/lone.js': ['functions/not-a-function 1:32'],
    });
  });
});

describe('a function file named on the command line, in a repository of many configs', () => {
  it('is checked through each config that names it, by a name as written or a variable of the deployment, and no other', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-lint-js-many-'));
    mkdirSync(path.join(dir, 'config'));
    writeFileSync(path.join(dir, '.sgconfrc.json'), JSON.stringify({ sources: ['config/**'], envFiles: ['deploy.env'] }));
    writeFileSync(path.join(dir, 'deploy.env'), 'SHARED_SYNC=shared-sync.js\n');
    for (let k = 0; k < 12; k++) writeFileSync(path.join(dir, 'config', `db${k}.yaml`), `name: db${k}\nbucket: b${k}\nsync: db${k}-sync.js\n`);
    writeFileSync(path.join(dir, 'config', 'orders.yaml'), 'name: orders\nbucket: orders\nsync: shared-sync.js\n');
    writeFileSync(path.join(dir, 'config', 'users.yaml'), 'name: users\nbucket: users\nsync: ${SHARED_SYNC}\n');
    writeFileSync(path.join(dir, 'config', 'shared-sync.js'), 'function (doc) {\n  channel(doc.owner;\n}\n');
    const r = await runCli(['lint', 'config/shared-sync.js', '--format', 'json'], dir);
    expect(r.code).toBe(1);
    const [result] = JSON.parse(r.stdout).results as { file: string; diagnostics: { rule: string; line: number; message: string }[] }[];
    expect(result!.diagnostics.map((d) => `${d.rule} ${d.line} ${d.message.match(/\(through [^)]*\)/)?.[0]}`)).toEqual([
      'functions/syntax-error 2 (through config/orders.yaml)',
      'functions/syntax-error 2 (through config/users.yaml)',
    ]);
  });
});

describe('an env file named on the command line (as a hook passes a changed deploy.env)', () => {
  it('is checked with the configs that read it: an emptied one fails them, a bad line fails it, one nobody reads only for its lines', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-lint-env-'));
    mkdirSync(path.join(dir, 'config'));
    writeFileSync(path.join(dir, '.sgconfrc.json'), JSON.stringify({ sources: ['config/**'], envFiles: ['deploy.env'], target: '4.1' }));
    writeFileSync(path.join(dir, 'config/bootstrap.yaml'), 'bootstrap:\n  server: couchbases://cb.example.com\n  username: sync_gateway\n  password: ${SG_PASSWORD}\n');
    const lintEnv = async (file: string) => {
      const r = await runCli(['lint', file, '--format', 'json'], dir);
      const results = JSON.parse(r.stdout).results as { file: string; diagnostics: { rule: string; line: number }[] }[];
      return { code: r.code, findings: results.flatMap((f) => f.diagnostics.map((d) => `${f.file} ${d.rule} ${d.line}`)) };
    };
    writeFileSync(path.join(dir, 'deploy.env'), 'SG_PASSWORD=\n');
    expect(await lintEnv('deploy.env')).toEqual({ code: 0, findings: [] });
    writeFileSync(path.join(dir, 'deploy.env'), '');
    expect(await lintEnv('deploy.env')).toEqual({ code: 1, findings: ['config/bootstrap.yaml source/undefined-variable 4'] });
    writeFileSync(path.join(dir, 'deploy.env'), 'SG_PASSWORD=\nnot a line\n');
    expect(await lintEnv('deploy.env')).toEqual({ code: 1, findings: ['deploy.env config/env-file 2'] });
    // Under a name of its own, the file the tool config lists is one too.
    writeFileSync(path.join(dir, '.sgconfrc.json'), JSON.stringify({ sources: ['config/**'], envFiles: ['deployment.vars'], target: '4.1' }));
    writeFileSync(path.join(dir, 'deployment.vars'), '# emptied\n');
    expect(await lintEnv('deployment.vars')).toEqual({ code: 1, findings: ['config/bootstrap.yaml source/undefined-variable 4'] });
    writeFileSync(path.join(dir, 'deploy.env'), 'SG_PASSWORD=\n');
    writeFileSync(path.join(dir, '.env.local'), 'A=1\n2B=2\n');
    expect(await lintEnv('.env.local')).toEqual({ code: 1, findings: ['.env.local config/env-file 2'] });
  });
});
