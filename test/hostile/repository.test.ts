// A stranger's pull request commits files meant to make sgconf run code or read outside the repository:
// a tool config with cosmiconfig's "$import", directory links out of the repository (to a credentials
// folder, to /), a link as the env file, a broken tool config that test and dry-run used to ignore, and a
// tool config given with --config from outside (docs/security.md). Real files, links, FIFOs and the CLI.
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli } from '../helpers/cli.js';
import { LspClient } from '../../bench/lsp-client.js';

const ROOT = path.resolve(__dirname, '../..');
const TOKEN = 'ghp_0123456789abcdefghijklmnopqrstuvwxyz';

/** A repository (with .git) holding a database config with an error, beside a "home" with credentials. */
function machine(): { top: string; repo: string; home: string } {
  const top = mkdtempSync(path.join(os.tmpdir(), 'sgconf-repository-'));
  const home = path.join(top, 'home');
  const repo = path.join(top, 'repo');
  mkdirSync(path.join(home, 'secrets'), { recursive: true });
  mkdirSync(path.join(repo, '.git'), { recursive: true });
  // A config outside the repository that would print the token in a code frame if it were linted.
  writeFileSync(path.join(home, 'secrets', 'leak.json'), `{\n  "name": "db",\n  "bucket": "b",\n  "bogus": "${TOKEN}"\n}\n`);
  writeFileSync(path.join(home, 'secrets', 'leak.sgtest.json'), JSON.stringify({ config: 'leak.json', cases: [{ name: TOKEN, doc: {}, expect: { channels: [] } }] }));
  writeFileSync(path.join(repo, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync: 'function (doc) { channel(doc.x) ' }));
  return { top, repo, home };
}

const messagesOf = (stdout: string, rule: string): string[] => JSON.parse(stdout).results.flatMap((r: { diagnostics: { rule: string; message: string }[] }) => r.diagnostics.filter((d) => d.rule === rule).map((d) => d.message));

describe('a JSON or YAML tool config is data', () => {
  const evil = (repo: string) => {
    const marker = path.join(repo, 'ran');
    writeFileSync(path.join(repo, 'evil.cjs'), `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'); process.exit(0);`);
    return marker;
  };
  const placements: [string, string, string][] = [
    ['.sgconfrc.json', '.sgconfrc.json', '{"$import": "./evil.cjs", "rules": {"functions/syntax-error": "off"}}'],
    ['.sgconfrc.yaml', '.sgconfrc.yaml', '$import: ./evil.cjs\nrules:\n  functions/syntax-error: "off"\n'],
    ['.sgconfrc (no extension)', '.sgconfrc', '$import: [./evil.cjs]\n'],
    ['package.json "sgconf"', 'package.json', '{"name": "x", "sgconf": {"$import": "./evil.cjs"}}'],
  ];

  it.each(placements)('%s with "$import": a config/invalid error that names it, in lint, test and dry-run; the file never runs', async (_name, file, text) => {
    const { repo } = machine();
    const marker = evil(repo);
    writeFileSync(path.join(repo, file), text);
    writeFileSync(path.join(repo, 'doc.json'), '{"x": 1}');
    writeFileSync(path.join(repo, 'db.sgtest.json'), JSON.stringify({ config: 'db.json', cases: [{ name: 'a', doc: { x: 1 }, expect: { channels: [] } }] }));
    const lint = await runCli(['lint', 'db.json', '--format', 'json'], { cwd: repo });
    expect(lint.code).toBe(1);
    expect(messagesOf(lint.stdout, 'config/invalid')).toEqual([expect.stringContaining('"$import" is not a setting')]);
    const test = await runCli(['test', '--format', 'json'], { cwd: repo });
    expect(test.code).toBe(1);
    expect(messagesOf(test.stdout, 'config/invalid')).toEqual([expect.stringContaining('"$import" is not a setting')]);
    const dryRun = await runCli(['dry-run', 'db.json', '--doc', 'doc.json'], { cwd: repo });
    expect(dryRun.code).toBe(1);
    expect(dryRun.stderr + dryRun.stdout).toContain('"$import" is not a setting');
    expect(existsSync(marker)).toBe(false);
  });

  it('a FIFO or /dev/zero named by "$import" is never opened: the run ends at once', () => {
    const { repo } = machine();
    execFileSync('mkfifo', [path.join(repo, 'fifo')]);
    writeFileSync(path.join(repo, '.sgconfrc.json'), '{"$import": ["./fifo", "/dev/zero"]}');
    const r = spawnSync(path.join(ROOT, 'bin', 'sgconf.js'), ['lint', 'db.json'], { cwd: repo, encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('"$import" is not a setting');
  });

  it('the language server reports the tool config\'s problems on the tool config', async () => {
    const { repo } = machine();
    const marker = evil(repo);
    writeFileSync(path.join(repo, '.sgconfrc.json'), '{"$import": "./evil.cjs"}');
    const client = new LspClient(path.join(ROOT, 'bin', 'sgconf.js'), repo);
    try {
      await client.initialize();
      const toolConfig = pathToFileURL(path.join(repo, '.sgconfrc.json')).href;
      const published = client.next((m: { method?: string; params?: { uri: string } }) => m.method === 'textDocument/publishDiagnostics' && m.params?.uri === toolConfig);
      const db = pathToFileURL(path.join(repo, 'db.json')).href;
      client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: db, languageId: 'json', version: 1, text: '{"name": "db", "bucket": "b"}' } } });
      const { params } = await published;
      expect(params.diagnostics.map((d: { message: string; code: string; range: { start: { line: number; character: number } } }) => [d.code, d.message, d.range.start])).toEqual([
        ['config/invalid', expect.stringContaining('"$import" is not a setting'), { line: 0, character: 1 }],
      ]);
    } finally {
      client.close();
    }
    expect(existsSync(marker)).toBe(false);
  });
});

describe('the folder search stays in the repository', () => {
  it('a committed link to a folder outside is not followed by lint or test: nothing of it is read or shown', async () => {
    const { repo, home } = machine();
    symlinkSync(path.join(home, 'secrets'), path.join(repo, 'shared'));
    const lint = await runCli(['lint', '.', '--format', 'json'], { cwd: repo });
    expect(lint.stdout).not.toContain(TOKEN);
    expect(JSON.parse(lint.stdout).results.map((r: { file: string }) => r.file)).toEqual(['db.json']);
    writeFileSync(path.join(repo, 'db.sgtest.json'), JSON.stringify({ config: 'db.json', cases: [] }));
    const test = await runCli(['test', '.', '--format', 'json'], { cwd: repo });
    expect(test.stdout).not.toContain(TOKEN);
    expect(JSON.parse(test.stdout).results.map((r: { file: string }) => r.file)).toEqual(['db.sgtest.json']);
  });

  it('a committed link to / ends the search at once, in lint and test (no walk of /proc)', () => {
    const { repo } = machine();
    symlinkSync('/', path.join(repo, 'root'));
    writeFileSync(path.join(repo, 'db.sgtest.json'), JSON.stringify({ config: 'db.json', cases: [] }));
    for (const command of ['lint', 'test']) {
      const started = Date.now();
      const r = spawnSync(path.join(ROOT, 'bin', 'sgconf.js'), [command, '.', '--format', 'json'], { cwd: repo, encoding: 'utf8', timeout: 60_000 });
      expect(r.error).toBeUndefined();
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(JSON.parse(r.stdout).results.map((x: { file: string }) => x.file)).toEqual(command === 'lint' ? ['db.json', 'db.sgtest.json'] : ['db.sgtest.json']);
    }
  });

  it('a link inside the repository to another folder of it is followed (a ConfigMap mount)', async () => {
    const { repo } = machine();
    mkdirSync(path.join(repo, '..data'));
    writeFileSync(path.join(repo, '..data', 'sg-db.json'), JSON.stringify({ name: 'other', bucket: 'b' }));
    symlinkSync(path.join(repo, '..data'), path.join(repo, 'mounted'));
    const r = await runCli(['lint', '.', '--format', 'json'], { cwd: repo });
    expect(JSON.parse(r.stdout).results.map((x: { file: string }) => x.file).sort()).toEqual(['db.json', path.join('mounted', 'sg-db.json')]);
  });

  it('a config named on the command line that is a committed link to a file outside is not read', async () => {
    const { repo, home } = machine();
    symlinkSync(path.join(home, 'secrets', 'leak.json'), path.join(repo, 'sg-link.json'));
    const r = await runCli(['lint', 'sg-link.json'], { cwd: repo });
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain(TOKEN);
    expect(r.stdout).toContain('a link that leads outside the repository');
    // Named by its own path outside the repository, it is the user's choice.
    const own = await runCli(['lint', path.join(home, 'secrets', 'leak.json')], { cwd: repo });
    expect(own.stdout).toContain('bogus');
  });
});

describe('a committed link to a file outside, named on the command line', () => {
  it.each([
    ['lint', ['lint', 'link.json'], 1],
    ['build', ['build', 'link.json', '--out', 'deploy'], 1],
    ['convert', ['convert', 'link.json', '--out', 'out'], 1],
    ['plan', ['plan', 'link.json', '--from', '2.8', '--to', '4.1'], 1],
    ['cert', ['cert', 'link.json'], 1],
    ['dry-run (the config)', ['dry-run', 'link.json', '--doc', 'doc.json'], 1],
    ['dry-run --doc', ['dry-run', 'db.json', '--doc', 'link.json'], 2],
    ['test (a named test file)', ['test', 'link.sgtest.json'], 1],
  ])('%s: not read, and the run says why', async (_name, args, code) => {
    const { repo, home } = machine();
    symlinkSync(path.join(home, 'secrets', 'leak.json'), path.join(repo, 'link.json'));
    symlinkSync(path.join(home, 'secrets', 'leak.sgtest.json'), path.join(repo, 'link.sgtest.json'));
    writeFileSync(path.join(repo, 'doc.json'), '{"x": 1}');
    const r = await runCli(args as string[], { cwd: repo });
    expect(r.code).toBe(code);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
    expect(r.stdout + r.stderr).toContain('a link that leads outside the repository');
  });
});

describe('env files and the repository', () => {
  it('--env-file naming a committed link to a file outside is refused; the file is not read', async () => {
    const { repo, home } = machine();
    writeFileSync(path.join(home, 'prod.env'), `TOKEN=${TOKEN}\n`);
    symlinkSync(path.join(home, 'prod.env'), path.join(repo, '.env.example'));
    const r = await runCli(['lint', 'db.json', '--env-file', '.env.example'], { cwd: repo });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('.env.example: it is a link that leads outside the repository');
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });

  it('without .git the repository is the working directory, never the folder of a tool config given with --config', async () => {
    const top = mkdtempSync(path.join(os.tmpdir(), 'sgconf-nogit-'));
    const runnerTemp = path.join(top, 'runner-temp');
    const checkout = path.join(top, 'checkout');
    mkdirSync(runnerTemp);
    mkdirSync(checkout);
    writeFileSync(path.join(runnerTemp, 'sgconfrc.json'), '{"target": "4.1"}');
    writeFileSync(path.join(runnerTemp, 'token.js'), `function (doc) { channel("${TOKEN}") `);
    writeFileSync(path.join(checkout, 'sync.js'), 'function (doc) { channel(doc.x); }');
    // The pull request's config names a file beside the tool config, and one of its own.
    writeFileSync(path.join(checkout, 'sg.json'), JSON.stringify({ databases: { a: { server: 'couchbases://h', bucket: 'a', enable_shared_bucket_access: true, sync: path.join(runnerTemp, 'token.js') }, b: { server: 'couchbases://h', bucket: 'b', enable_shared_bucket_access: true, sync: 'sync.js' } } }));
    const r = await runCli(['lint', 'sg.json', '--config', path.join(runnerTemp, 'sgconfrc.json'), '--format', 'json'], { cwd: checkout });
    expect(r.stdout).not.toContain(TOKEN);
    // The file beside the tool config is outside; the checkout's own function file is read.
    expect(messagesOf(r.stdout, 'functions/source-not-found')).toEqual([expect.stringMatching(/token\.js is outside the repository, so it was not read$/)]);
  });

  it('test and dry-run report a broken tool config as lint does, and fail', async () => {
    const { repo } = machine();
    writeFileSync(path.join(repo, '.sgconfrc.json'), '{"target": "9.9", "rulez": {}}');
    writeFileSync(path.join(repo, 'ok.json'), JSON.stringify({ name: 'db', bucket: 'b', sync: 'function (doc) { channel(doc.x); }' }));
    writeFileSync(path.join(repo, 'ok.sgtest.json'), JSON.stringify({ config: 'ok.json', cases: [{ name: 'a', doc: { x: 'c' }, expect: { channels: ['c'] } }] }));
    writeFileSync(path.join(repo, 'doc.json'), '{"x": "c"}');
    const test = await runCli(['test', '--format', 'json'], { cwd: repo });
    expect(test.code).toBe(1);
    expect(messagesOf(test.stdout, 'config/invalid')).toEqual(expect.arrayContaining([expect.stringContaining('unknown key "rulez"')]));
    const dryRun = await runCli(['dry-run', 'ok.json', '--doc', 'doc.json'], { cwd: repo });
    expect(dryRun.code).toBe(1);
    expect(dryRun.stdout + dryRun.stderr).toContain('unknown key "rulez"');
  });
});
