// The repository of a file named on the command line is the git work tree that holds it: a suite run from
// another folder reads what its test files name, and a config it refuses is said once, not once per case.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';

let work: string;
beforeEach(async () => {
  work = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'sgconf-named-repo-')));
  const suite = path.join(work, 'suite');
  await fs.mkdir(path.join(suite, 'tests'), { recursive: true });
  execFileSync('git', ['init', '--quiet', suite]);
  await fs.writeFile(path.join(suite, 'sync.js'), 'function (doc) { channel(doc.channels); }\n');
  const cases = Array.from({ length: 5 }, (_, i) => `  - name: case ${i}\n    doc: {channels: [c${i}]}\n    expect: {channels: [c${i}]}\n`).join('');
  await fs.writeFile(path.join(suite, 'tests', 'sync.sgtest.yaml'), `function: ../sync.js\ncases:\n${cases}`);
  await fs.mkdir(path.join(work, 'elsewhere'));
});
afterEach(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

describe('a suite named from another folder', () => {
  it('runs: what its test files name is read from its own repository', async () => {
    const r = await runCli(['test', path.join(work, 'suite')], { cwd: path.join(work, 'elsewhere') });
    expect(r.stdout).toContain('5 passed, 0 failed');
    expect(r.code).toBe(0);
  });

  it('a function file outside the suite\'s repository is still refused, once for the file, not once per case', async () => {
    await fs.writeFile(path.join(work, 'outside.js'), 'function (doc) {}\n');
    const file = path.join(work, 'suite', 'tests', 'sync.sgtest.yaml');
    await fs.writeFile(file, (await fs.readFile(file, 'utf8')).replace('function: ../sync.js', 'function: ../../outside.js'));
    const r = await runCli(['test', path.join(work, 'suite')], { cwd: path.join(work, 'elsewhere') });
    expect(r.code).toBe(1);
    expect(r.stdout.match(/outside the repository/g)).toHaveLength(2); // the finding, and the one line for the cases
    expect(r.stdout).toContain('✗ 5 cases not run: the function file');
  });
});
