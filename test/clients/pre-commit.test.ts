// The pre-commit framework (Debian's pre-commit, installed by .ci/run) installs this repository as a hook
// exactly as a user's .pre-commit-config.yaml asks, and a real `git commit` runs it.
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): { code: number; out: string } {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout: 600_000 });
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

describe('pre-commit hook', () => {
  it('installs from a clone of this repository, fails a commit with a broken config, passes a clean one', () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'sgconf-pre-commit-'));
    // The hook repository: a clone of this one at HEAD (what `repo:` + `rev:` name for a user).
    const hookRepo = path.join(work, 'hook-repo');
    execFileSync('git', ['clone', '--quiet', ROOT, hookRepo]);
    const rev = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: hookRepo, encoding: 'utf8' }).trim();
    const project = path.join(work, 'project');
    const env = {
      ...process.env,
      PRE_COMMIT_HOME: path.join(work, 'cache'),
      GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.com',
    };
    execFileSync('git', ['init', '--quiet', project]);
    writeFileSync(path.join(project, '.pre-commit-config.yaml'), `repos:\n  - repo: ${hookRepo}\n    rev: ${rev}\n    hooks:\n      - id: sgconf\n`);
    expect(run('pre-commit', ['install'], project, env).code).toBe(0);

    // A database config with a misspelt key: the commit fails and shows the report.
    writeFileSync(path.join(project, 'sync_gateway.json'), JSON.stringify({ databases: { db: { server: 'couchbases://cb', enable_shared_bucket_access: true, revs_limt: 100 } } }, null, 2));
    run('git', ['add', '.'], project, env);
    const broken = run('git', ['commit', '-m', 'broken'], project, env);
    expect(broken.code, broken.out).not.toBe(0);
    expect(broken.out).toContain('unknown field "revs_limt"');
    expect(broken.out).toContain('sync_gateway.json');

    // Fixed: the commit goes through, and the hook environment installed the first time is reused.
    writeFileSync(path.join(project, 'sync_gateway.json'), JSON.stringify({ databases: { db: { server: 'couchbases://cb', enable_shared_bucket_access: true, revs_limit: 100 } } }, null, 2));
    run('git', ['add', '.'], project, env);
    const clean = run('git', ['commit', '-m', 'clean'], project, env);
    expect(clean.code, clean.out).toBe(0);
    expect(clean.out).not.toContain('Installing environment');
    expect(readdirSync(path.join(work, 'cache')).filter((d) => d.startsWith('repo'))).toHaveLength(1);
  });
});
