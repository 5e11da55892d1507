// A pull request names a file of the CI machine (a credentials file) as a function, a certificate, a test
// file's config or the tool config's env file, directly or through a symbolic link inside the repository:
// sgconf reads none of them unless the user allowed it, and never quotes one (docs/security.md).
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from '../helpers/cli.js';

const TOKEN = 'ghp_0123456789abcdefghijklmnopqrstuvwxyz';

/** A repository (with .git) beside a "home" holding a credentials file, as on a CI runner. */
function machine(): { repo: string; secret: string } {
  const top = mkdtempSync(path.join(os.tmpdir(), 'sgconf-outside-'));
  const home = path.join(top, 'home');
  const repo = path.join(top, 'repo');
  mkdirSync(home);
  mkdirSync(path.join(repo, '.git'), { recursive: true });
  const secret = path.join(home, '.git-credentials');
  writeFileSync(secret, `${TOKEN}\nhttps://user:${TOKEN}@github.com\n`);
  return { repo, secret };
}

const database = (sync: string) => JSON.stringify({ databases: { db: { server: 'couchbases://cb.example.com', bucket: 'b', enable_shared_bucket_access: true, sync } } });

describe('files outside the repository', () => {
  it('a function file named by its absolute path is not read: an info says so, nothing of it is shown', async () => {
    const { repo, secret } = machine();
    writeFileSync(path.join(repo, 'sg.json'), database(secret));
    for (const format of ['stylish', 'json', 'sarif', 'github']) {
      const r = await runCli(['lint', 'sg.json', '--format', format], { cwd: repo });
      expect(r.stdout).not.toContain(TOKEN);
      expect(r.stdout).toContain('outside the repository');
    }
  });

  it('through a symbolic link inside the repository too', async () => {
    const { repo, secret } = machine();
    symlinkSync(secret, path.join(repo, 'sync.js'));
    writeFileSync(path.join(repo, 'sg.json'), database('sync.js'));
    const r = await runCli(['lint', 'sg.json'], { cwd: repo });
    expect(r.stdout).not.toContain(TOKEN);
    expect(r.stdout).toContain('is outside the repository, so it was not read');
  });

  it('with --host it is read and judged, and still never quoted: no token, no code frame', async () => {
    const { repo, secret } = machine();
    writeFileSync(path.join(repo, 'sg.json'), database(secret));
    const r = await runCli(['lint', 'sg.json', '--host'], { cwd: repo });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('not a function the gateway can compile');
    expect(r.stdout).not.toContain(TOKEN);
    expect(r.stdout).not.toContain('ghp_');
  });

  it('--allow-path reads it; inside the repository the same mistake is quoted as usual', async () => {
    const { repo, secret } = machine();
    writeFileSync(path.join(repo, 'sg.json'), database(secret));
    const allowed = await runCli(['lint', 'sg.json', '--allow-path', path.dirname(secret)], { cwd: repo });
    expect(allowed.stdout).toContain('not a function the gateway can compile');
    expect(allowed.stdout).not.toContain(TOKEN);
    writeFileSync(path.join(repo, 'inside.js'), 'ghp_inside_token_text\n');
    writeFileSync(path.join(repo, 'sg2.json'), database('inside.js'));
    const inside = await runCli(['lint', 'sg2.json'], { cwd: repo });
    expect(inside.stdout).toContain('ghp_inside_token_text');
  });

  it('a certificate or key outside is not read', async () => {
    const { repo, secret } = machine();
    writeFileSync(path.join(repo, 'sg.json'), JSON.stringify({ SSLCert: secret, SSLKey: secret, databases: {} }));
    const r = await runCli(['lint', 'sg.json', '--format', 'json'], { cwd: repo });
    const found = JSON.parse(r.stdout).results[0].diagnostics.filter((d: { rule: string }) => d.rule === 'certs/file-unreadable');
    expect(found.map((d: { severity: string; message: string }) => `${d.severity} ${d.message}`)).toEqual([
      expect.stringMatching(/^info .*is outside the repository, so it was not read$/),
      expect.stringMatching(/^info .*is outside the repository, so it was not read$/),
    ]);
  });

  it('a test file\'s config outside is not read, and the tool config\'s env file outside is refused', async () => {
    const { repo, secret } = machine();
    writeFileSync(path.join(repo, 'x.sgtest.json'), JSON.stringify({ config: path.relative(repo, secret), cases: [{ name: 'c', doc: {}, expect: { channels: [] } }] }));
    const test = await runCli(['test', 'x.sgtest.json'], { cwd: repo });
    expect(test.code).toBe(1);
    expect(test.stdout).toContain('is outside the repository, so it was not read');
    expect(test.stdout).not.toContain(TOKEN);

    writeFileSync(path.join(repo, 'sg.json'), database('function (doc) {}'));
    writeFileSync(path.join(repo, '.sgconfrc.json'), JSON.stringify({ envFiles: [secret] }));
    const lint = await runCli(['lint', 'sg.json'], { cwd: repo });
    expect(lint.code).toBe(2);
    expect(lint.stderr).toContain('(tool config envFiles): it is outside the repository');
    expect(lint.stdout + lint.stderr).not.toContain(TOKEN);
  });
});
