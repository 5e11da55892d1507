// The README's "Set up a repository": its files, as written there (each block names its path in its
// first line), in a git repository; then its commands, each of which must pass.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from './helpers/cli.js';
import { readmeRepository, writeFiles } from './helpers/readme-repository.js';

describe('the README\'s repository', () => {
  it('lint, test and build pass on it as the README says', async () => {
    const { files, commands } = readmeRepository();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-readme-repo-'));
    execFileSync('git', ['init', '--quiet', dir]);
    expect(Object.keys(files)).toEqual(['.sgconfrc.json', 'deploy.env', 'config/bootstrap.yaml', 'config/databases/orders.yaml',
      'config/databases/orders-sync.js', 'functions/orders-import.js', 'tests/orders.sgtest.yaml']);
    writeFiles(dir, files);
    expect(commands).toEqual(['sgconf lint .', 'sgconf test', 'sgconf build config --out deploy']);
    for (const command of commands) {
      const r = await runCli(command.split(' ').slice(1), { cwd: dir });
      expect(r.code, `${command}\n${r.stdout}${r.stderr}`).toBe(0);
    }
    expect(JSON.parse(readFileSync(path.join(dir, 'deploy/databases/orders.json'), 'utf8')).sync).toContain('requireUser(doc.owner)');
    // The built configs are deployable as they are: lint passes on the tree that now holds them too.
    expect(existsSync(path.join(dir, 'deploy/bootstrap.json'))).toBe(true);
    const again = await runCli(['lint', '.'], { cwd: dir });
    expect(again.code, again.stdout).toBe(0);
  });

  it('a mistake in a function file is reported at that file\'s line and column, as typed from the repository', async () => {
    const { files } = readmeRepository();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-readme-repo-'));
    execFileSync('git', ['init', '--quiet', dir]);
    writeFiles(dir, { ...files, 'config/databases/orders-sync.js': files['config/databases/orders-sync.js']!.replace('requireUser(doc.owner);', 'requireUser(doc.owner;') });
    const lint = await runCli(['lint', '.'], { cwd: dir });
    expect(lint.code).toBe(1);
    expect(lint.stdout).toMatch(/^ {2}config\/databases\/orders-sync\.js:2:24 +error +sync function from file orders-sync\.js: Unexpected token ;/m);
    const junit = await runCli(['lint', '.', '--format', 'junit'], { cwd: dir });
    expect(junit.stdout).toContain('file="config/databases/orders-sync.js" line="2"');
  });
});
