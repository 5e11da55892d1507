// What the client tests share: this repository as a user gets it (a clone of HEAD, never the working
// tree, whose dist/ other tests are reading), and the environment of a user's shell.
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

/** Clones this repository at HEAD into `dest`; returns the commit. Uncommitted changes are not in it. */
export function cloneAtHead(dest: string): string {
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT, dest]);
  return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dest, encoding: 'utf8' }).trim();
}

/**
 * The environment of a user's shell: without the npm_* variables `npm run` exports to this test run
 * (npm_config_local_prefix and npm_config_prefix point at this checkout and would steer the clients'
 * own npm), plus a git identity for commits.
 */
export function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(key)) env[key] = value;
  }
  return {
    ...env,
    GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.com',
    GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.com',
    ...extra,
  };
}
