// The shipped entry point on the whole corpus (../shared/corpus): npm run test:corpus.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { bareEnvironment } from '../helpers/test-cache.js';

const ROOT = path.resolve(__dirname, '../..');

function sgconf(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'sgconf.js'), ...args], {
    cwd: options.cwd ?? ROOT,
    env: { ...bareEnvironment(), ...options.env },
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('sgconf as shipped, on the corpus', () => {
  const corpus = path.resolve(ROOT, '../shared/corpus');
  it('the real-world corpus: the bundle reports exactly what the ES modules report', () => {
    const args = ['lint', '.', '--no-remote', '--format', 'json'];
    const bundled = sgconf(args, { cwd: corpus });
    expect(JSON.parse(bundled.stdout).results.length).toBeGreaterThan(100);
    expect(bundled).toEqual(sgconf(args, { cwd: corpus, env: { SGCONF_NO_BUNDLE: '1' } }));
  });
});
