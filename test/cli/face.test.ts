// What surrounds the findings, with ESLint as the yardstick (issue 37): suggestions for a misspelt command
// or option, standard input, an output file, colours as the ecosystem reads NO_COLOR and FORCE_COLOR, the
// words of --quiet, --fix-dry-run and the test summary, schema --target, cert's fields, links that exist,
// and the JUnit and GitLab reports as their consumers read them.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { parse as parseJunit } from 'junit2json';
import { runCli } from '../helpers/cli.js';
import { makeCertificateFixtures } from '../certs/fixtures.js';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-face-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

// An error (revs_limit as a word), a warning and a safe fix (import_docs "continuous" becomes true).
const DB = JSON.stringify({ name: 'db', bucket: 'b', revs_limit: 'twenty' });
const WARNS = JSON.stringify({ databases: { db: { server: 'couchbases://h', bucket: 'b', enable_shared_bucket_access: true, import_docs: 'continuous' } } });

describe('the command line', () => {
  it('a misspelt command or option is misuse with a suggestion', async () => {
    const command = await runCli(['lnt', 'x.json'], { cwd: os.tmpdir() });
    expect(command.code).toBe(2);
    expect(command.stderr).toBe('sgconf: unknown command "lnt"; did you mean "lint"? Run \'sgconf --help\' for the list of commands.\n');
    const option = await runCli(['lint', '--formt', 'json', 'x.json'], { cwd: os.tmpdir() });
    expect(option.code).toBe(2);
    expect(option.stderr).toBe('sgconf lint: unknown option --formt; did you mean --format? Run \'sgconf lint --help\' for usage.\n');
    const value = await runCli(['lint', 'x.json', '--format'], { cwd: os.tmpdir() });
    expect(value.stderr).toContain('--format needs a value');
  });

  it('- lints standard input, named by --stdin-filename (its format and the report\'s name)', async () => {
    const dir = folder({});
    const r = await runCli(['lint', '-', '--stdin-filename', 'config/db.yaml', '--format', 'json'], { cwd: dir, stdin: 'name: db\nbucket: b\nrevs_limit: twenty\n' });
    expect(r.code).toBe(1);
    const result = JSON.parse(r.stdout).results[0];
    expect(result.file).toBe('config/db.yaml');
    expect(result.diagnostics[0]).toMatchObject({ line: 3, column: 13 });
    const stylish = await runCli(['lint', '-'], { cwd: dir, stdin: DB });
    expect(stylish.stdout).toContain('<stdin>');
    expect(stylish.stdout).toContain('revs_limit');
  });

  it('-o writes the report to a file and nothing to standard output; the exit code is the same', async () => {
    const dir = folder({ 'db.json': DB });
    const r = await runCli(['lint', 'db.json', '--format', 'json', '-o', 'reports/lint.json'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(JSON.parse(readFileSync(path.join(dir, 'reports', 'lint.json'), 'utf8')).errorCount).toBe(1);
  });

  it('colours as the ecosystem reads them: FORCE_COLOR, NO_COLOR, --color and --no-color', async () => {
    const dir = folder({ 'db.json': DB, 'db.sgtest.json': JSON.stringify({ config: 'db.json', cases: [] }) });
    const coloured = (r: { stdout: string }) => r.stdout.includes('\u001b[');
    expect(coloured(await runCli(['lint', 'db.json'], { cwd: dir, env: { FORCE_COLOR: '1' } }))).toBe(true);
    expect(coloured(await runCli(['lint', 'db.json'], { cwd: dir, env: { FORCE_COLOR: '0' } }))).toBe(false);
    expect(coloured(await runCli(['lint', 'db.json'], { cwd: dir, env: { NO_COLOR: '1' } }))).toBe(false);
    expect(coloured(await runCli(['lint', 'db.json', '--color'], { cwd: dir, env: { NO_COLOR: '1' } }))).toBe(true);
    expect(coloured(await runCli(['lint', 'db.json', '--no-color'], { cwd: dir, env: { FORCE_COLOR: '1' } }))).toBe(false);
    expect(coloured(await runCli(['build', 'db.json', '--out', 'out', '--color'], { cwd: dir }))).toBe(true);
    expect(coloured(await runCli(['build', 'db.json', '--out', 'out'], { cwd: dir }))).toBe(false);
    const sgtest = folder({ 'db.json': JSON.stringify({ name: 'db', bucket: 'b' }), 'db.sgtest.json': JSON.stringify({ config: 'db.json', cases: [{ name: 'x', doc: {}, expect: { channels: ['wrong'] } }] }) });
    expect(coloured(await runCli(['test', '--color'], { cwd: sgtest }))).toBe(true);
    expect(coloured(await runCli(['test'], { cwd: sgtest }))).toBe(false);
  });
});

describe('the words', () => {
  it('--quiet says what it hid instead of "no problems"', async () => {
    const dir = folder({ 'sg.json': WARNS });
    const plain = await runCli(['lint', 'sg.json'], { cwd: dir });
    expect(plain.stdout).toMatch(/warning|info/);
    const quiet = await runCli(['lint', 'sg.json', '--quiet'], { cwd: dir });
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).not.toContain('no problems');
    expect(quiet.stdout).toMatch(/no errors \(--quiet hid \d+ warnings? and \d+ info\)/);
  });

  it('--fix-dry-run says how many fixes it would apply and exits as lint would after them', async () => {
    const dir = folder({ 'sg.json': WARNS, 'db.json': DB });
    const fixable = await runCli(['lint', 'sg.json', '--fix-dry-run'], { cwd: dir });
    expect(fixable.stdout).toMatch(/^\+.*"import_docs":true/m);
    expect(fixable.stdout).toMatch(/1 fix in 1 file would be applied; 0 errors and \d+ warnings? would remain/);
    expect(fixable.code).toBe(0);
    const broken = await runCli(['lint', 'sg.json', 'db.json', '--fix-dry-run'], { cwd: dir });
    expect(broken.stdout).toMatch(/1 fix in 1 file would be applied; 1 error and/);
    expect(broken.code).toBe(1);
    expect(readFileSync(path.join(dir, 'sg.json'), 'utf8')).toBe(WARNS);
  });

  it('the test summary names the release the test file ran for', async () => {
    const dir = folder({ 'db.json': JSON.stringify({ name: 'db', bucket: 'b' }), 'db.sgtest.json': JSON.stringify({ config: 'db.json', target: '3.3', cases: [{ name: 'x', doc: { channels: ['a'] }, expect: { channels: ['a'] } }] }) });
    const r = await runCli(['test'], { cwd: dir });
    expect(r.stdout).toContain('1 passed, 0 failed; Sync Gateway 3.3');
  });

  it('schema --target gives that release\'s schema: without the fields it does not know yet, with those it still knows', async () => {
    const newest = JSON.parse((await runCli(['schema', 'database'], { cwd: os.tmpdir() })).stdout);
    const r = await runCli(['schema', 'database', '--target', '3.1'], { cwd: os.tmpdir() });
    expect(r.code).toBe(0);
    const old = JSON.parse(r.stdout);
    expect(Object.keys(newest.properties.logging.properties ?? {})).toContain('audit');
    expect(Object.keys(old.properties.logging?.properties ?? {})).not.toContain('audit');
    expect(old.properties.graphql).toMatchObject({ description: expect.stringContaining('removed in 3.2') });
    expect(newest.properties.graphql).toBeUndefined();
    expect((await runCli(['schema', 'database', '--target', '9.9'], { cwd: os.tmpdir() })).stderr).toContain('unknown --target "9.9"');
  });

  it('cert shows the names, the issuer, the validity with the days left and the fingerprint', async () => {
    const certs = makeCertificateFixtures();
    const r = await runCli(['cert', certs.serverCert], { cwd: certs.dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^names: {4}.+/m);
    expect(r.stdout).toMatch(/^issuer: {3}.*CN=Test Root CA/m);
    expect(r.stdout).toMatch(/^valid: {4}\S+ to \S+ \((36[45]|36[0-6]) days left\)$/m);
    expect(r.stdout).toMatch(/^sha256: {3}([0-9A-F]{2}:){31}[0-9A-F]{2}$/m);
    const expired = await runCli(['cert', certs.expiredCert], { cwd: certs.dir });
    expect(expired.stdout).toMatch(/expired \d+ days ago/);
  });
});

describe('links and reports', () => {
  it('every link of a SARIF report (each rule\'s help, the tool\'s information) is a file that exists', async () => {
    const dir = folder({ 'db.json': DB });
    const sarif = JSON.parse((await runCli(['lint', 'db.json', '--format', 'sarif'], { cwd: dir })).stdout);
    const driver = sarif.runs[0].tool.driver;
    const links = [driver.informationUri, ...driver.rules.map((rule: { helpUri: string }) => rule.helpUri)];
    expect(links.length).toBeGreaterThan(100);
    for (const link of links) {
      expect(link).toMatch(/^file:\/\//);
      expect(existsSync(fileURLToPath(link)), link).toBe(true);
    }
  });

  it('--format junit: what a JUnit reader (junit2json) finds is each error and warning as a failed case', async () => {
    const dir = folder({ 'db.json': DB, 'sg.json': WARNS, 'clean.json': JSON.stringify({ name: 'c', bucket: 'c' }) });
    const r = await runCli(['lint', 'db.json', 'sg.json', 'clean.json', '--format', 'junit'], { cwd: dir });
    const json = JSON.parse((await runCli(['lint', 'db.json', 'sg.json', 'clean.json', '--format', 'json'], { cwd: dir })).stdout);
    const read = await parseJunit(r.stdout) as { testsuite: { name: string; failures: number; testcase: { name: string; failure?: { type: string; message: string }[] }[] }[]; failures: number };
    const failing = json.errorCount + json.warningCount;
    expect(read.failures).toBe(failing);
    expect(read.testsuite.map((s) => s.name).sort()).toEqual(['clean.json', 'db.json', 'sg.json']);
    const db = read.testsuite.find((s) => s.name === 'db.json')!;
    expect(db.testcase[0]!.failure![0]).toMatchObject({ type: 'error', message: expect.stringContaining('revs_limit') });
    expect(read.testsuite.find((s) => s.name === 'clean.json')!.testcase).toHaveLength(1);
    expect(read.testsuite.find((s) => s.name === 'clean.json')!.testcase[0]!.failure).toBeUndefined();
  });

  it('--format gitlab: the Code Quality report GitLab reads, one issue per finding, fingerprints unique', async () => {
    const dir = folder({ 'db.json': DB, 'sg.json': WARNS });
    const r = await runCli(['lint', 'db.json', 'sg.json', '--format', 'gitlab'], { cwd: dir });
    const issues = JSON.parse(r.stdout) as { fingerprint: string; severity: string }[];
    // The fields GitLab requires of each issue (docs.gitlab.com, ci/testing/code_quality, "Code Quality
    // report format"), with its severity scale.
    const schema = {
      type: 'array',
      items: {
        type: 'object',
        required: ['description', 'check_name', 'fingerprint', 'severity', 'location'],
        properties: {
          description: { type: 'string', minLength: 1 },
          check_name: { type: 'string', minLength: 1 },
          fingerprint: { type: 'string', minLength: 1 },
          severity: { enum: ['info', 'minor', 'major', 'critical', 'blocker'] },
          location: {
            type: 'object', required: ['path', 'lines'],
            properties: { path: { type: 'string' }, lines: { type: 'object', required: ['begin'], properties: { begin: { type: 'integer', minimum: 1 } } } },
          },
        },
      },
    };
    const validate = new Ajv().compile(schema);
    expect(validate(issues), JSON.stringify(validate.errors)).toBe(true);
    const json = JSON.parse((await runCli(['lint', 'db.json', 'sg.json', '--format', 'json'], { cwd: dir })).stdout);
    expect(issues).toHaveLength(json.results.reduce((n: number, x: { diagnostics: unknown[] }) => n + x.diagnostics.length, 0));
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(issues.length);
    expect(issues.some((i) => i.severity === 'critical')).toBe(true);
  });
});
