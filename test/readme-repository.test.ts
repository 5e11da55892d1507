// The README's "Set up a repository": its files, as written there (each block names its path in its
// first line), in a git repository; then its commands, each of which must pass.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from './helpers/cli.js';

const ROOT = path.resolve(__dirname, '..');

describe('the README\'s repository', () => {
  it('lint, test and build pass on it as the README says', async () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Set up a repository'), readme.indexOf('## Use it as a pre-commit hook'));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-readme-repo-'));
    execFileSync('git', ['init', '--quiet', dir]);
    const blocks = [...section.matchAll(/```(?:json|sh|yaml|js)\n(?:\/\/|#) (\S+)\n([\s\S]*?)\n```/g)];
    expect(blocks.map((b) => b[1])).toEqual(['.sgconfrc.json', 'deploy.env', 'config/bootstrap.yaml', 'config/databases/orders.yaml',
      'config/databases/orders-sync.js', 'functions/orders-import.js', 'tests/orders.sgtest.yaml']);
    for (const [, file, text] of blocks) {
      mkdirSync(path.dirname(path.join(dir, file!)), { recursive: true });
      writeFileSync(path.join(dir, file!), `${text}\n`);
    }
    const commands = [...section.matchAll(/```sh\n(sgconf [\s\S]*?)\n```/g)][0]![1]!.split('\n');
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
});
