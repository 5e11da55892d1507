// bin/sgconf.js started as a program, as an installed copy, npx and the pre-commit hook start it: through
// its #! line. Node 20 reads --env-file anywhere on its own command line and exits 9 before sgconf runs
// (nodejs/node#54232); the bin's shell line renames the option, so the contract's exit 2 and message hold.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bareEnvironment } from '../helpers/test-cache.js';

const BIN = path.resolve(__dirname, '../../bin/sgconf.js');

function program(args: string[], cwd: string) {
  const result = spawnSync(BIN, args, { cwd, encoding: 'utf8', env: bareEnvironment() });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('bin/sgconf.js as a program', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-bin-'));
  writeFileSync(path.join(dir, 'sg.json'), '{"bootstrap": {"server": "couchbases://$CB_HOST"}}');
  writeFileSync(path.join(dir, 'deploy.env'), 'CB_HOST=cb.example.com\n');

  it('--env-file naming a missing file: sgconf\'s misuse (exit 2) and message, not Node\'s exit 9', () => {
    const r = program(['lint', 'sg.json', '--env-file', 'missing.env'], dir);
    expect(r.stderr).toContain('sgconf lint: cannot read the env file missing.env: no such file');
    expect(r.code).toBe(2);
  });

  it('--env-file and --env-file= both reach sgconf and declare the deployment\'s variables', () => {
    for (const args of [['--env-file', 'deploy.env'], ['--env-file=deploy.env']]) {
      const r = program(['lint', 'sg.json', '--format', 'json', ...args], dir);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).results[0].diagnostics.filter((d: { rule: string }) => d.rule === 'source/undefined-variable')).toEqual([]);
    }
    const without = program(['lint', 'sg.json', '--format', 'json'], dir);
    expect(JSON.parse(without.stdout).results[0].diagnostics.map((d: { rule: string }) => d.rule)).toContain('source/undefined-variable');
  });

  it('hands every other argument over unchanged: spaces, quotes, $, globs and empty strings', () => {
    const args = ['lint', `it's a "file" with $HOME * and spaces.json`, '', '--format', 'json'];
    const viaNode = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', env: bareEnvironment() });
    const r = program(args, dir);
    expect(r.stdout).toContain('it\'s a \\"file\\" with $HOME * and spaces.json');
    expect(r).toEqual({ code: viaNode.status, stdout: viaNode.stdout, stderr: viaNode.stderr });
    expect(program(['--version'], dir).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
