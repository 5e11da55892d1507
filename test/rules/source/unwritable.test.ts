// source/unwritable: `lint --fix` over a folder in which one file cannot be written, and links in and out of
// the repository, with real permissions and real symbolic links. Permissions bind root only through
// another user, so the run that must fail runs as `nobody` when the tests run as root.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from '../../helpers/cli.js';

const ROOT = path.resolve(__dirname, '../../..');
const BEFORE = '{\n  "bucket": "b",\n  "import_docs": "continuous"\n}\n';
const AFTER = '{\n  "bucket": "b",\n  "import_docs": true\n}\n';
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

function repository(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-unwritable-'));
  mkdirSync(path.join(dir, '.git'));
  mkdirSync(path.join(dir, 'configs'));
  return dir;
}

type Finding = { rule: string; message: string };
function findingsByFile(stdout: string): Record<string, Finding[]> {
  return Object.fromEntries(JSON.parse(stdout).results.map((r: { file: string; diagnostics: Finding[] }) => [r.file, r.diagnostics]));
}

describe('source/unwritable', () => {
  it('a file --fix cannot write is an error on that file; the others are fixed and every file is reported', () => {
    const dir = repository();
    const configs = path.join(dir, 'configs');
    const sealed = path.join(configs, 'sealed');
    mkdirSync(sealed);
    for (const name of ['a.json', 'z.json', 'sealed/b.json']) writeFileSync(path.join(configs, name), BEFORE);
    // Everything belongs to the user that runs sgconf, but the folder "sealed" is not writable, so its
    // file can be neither replaced nor written.
    const user = asRoot ? NOBODY : process.getuid!();
    if (asRoot) for (const entry of [dir, path.join(dir, '.git'), configs, ...['a.json', 'z.json', 'sealed/b.json'].map((f) => path.join(configs, f))]) chownSync(entry, user, user);
    chmodSync(path.join(sealed, 'b.json'), 0o444);
    chmodSync(sealed, 0o555);

    const run = spawnSync(process.execPath, [path.join(ROOT, 'bin/sgconf.js'), 'lint', 'configs', '--fix', '--format', 'json'], {
      cwd: dir, encoding: 'utf8', ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}), env: { PATH: process.env.PATH ?? '', HOME: dir },
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    const found = findingsByFile(run.stdout);
    expect(readFileSync(path.join(configs, 'a.json'), 'utf8')).toBe(AFTER);
    expect(readFileSync(path.join(configs, 'z.json'), 'utf8')).toBe(AFTER);
    expect(readFileSync(path.join(sealed, 'b.json'), 'utf8')).toBe(BEFORE);
    const locked = found[path.join('configs', 'sealed', 'b.json')]!;
    expect(locked[0]).toMatchObject({ rule: 'source/unwritable', message: expect.stringMatching(/^--fix could not write its fix: permission denied \(EACCES\)/) });
    // The finding --fix could not fix is still reported on that file.
    expect(locked.some((d) => d.rule !== 'source/unwritable')).toBe(true);
    expect(found[path.join('configs', 'a.json')]!.some((d) => d.rule === 'source/unwritable')).toBe(false);
  });

  it('a link inside the repository is written through to its target, which keeps its mode and owner; the link stays a link', async () => {
    const dir = repository();
    writeFileSync(path.join(dir, 'real.json'), BEFORE, { mode: 0o640 });
    const owner = asRoot ? 1234 : process.getuid!();
    if (asRoot) chownSync(path.join(dir, 'real.json'), owner, owner);
    symlinkSync('../real.json', path.join(dir, 'configs', 'link.json'));
    const r = await runCli(['lint', 'configs/link.json', '--fix', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(lstatSync(path.join(dir, 'configs', 'link.json')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(path.join(dir, 'configs', 'link.json'))).toBe('../real.json');
    expect(readFileSync(path.join(dir, 'real.json'), 'utf8')).toBe(AFTER);
    const after = statSync(path.join(dir, 'real.json'));
    expect(after.mode & 0o777).toBe(0o640);
    expect(after.uid).toBe(owner);
  });

  it('a link to a file outside the repository is an error on that file, and the target is untouched', async () => {
    const dir = repository();
    const outside = path.join(mkdtempSync(path.join(os.tmpdir(), 'sgconf-elsewhere-')), 'victim.json');
    writeFileSync(outside, BEFORE);
    symlinkSync(outside, path.join(dir, 'configs', 'link.json'));
    writeFileSync(path.join(dir, 'configs', 'plain.json'), BEFORE);
    // The folder search does not follow the link out of the repository: it is neither read nor written.
    const walked = await runCli(['lint', 'configs', '--fix', '--format', 'json'], { cwd: dir });
    expect(walked.code).toBe(0);
    expect(Object.keys(findingsByFile(walked.stdout))).not.toContain(path.join('configs', 'link.json'));
    expect(readFileSync(path.join(dir, 'configs', 'plain.json'), 'utf8')).toBe(AFTER);
    // Named with --host (this machine is the gateway host), it is read, and still not written.
    const r = await runCli(['lint', 'configs/link.json', '--fix', '--host', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(readFileSync(outside, 'utf8')).toBe(BEFORE);
    expect(findingsByFile(r.stdout)[path.join('configs', 'link.json')]![0]).toMatchObject({
      rule: 'source/unwritable', message: expect.stringContaining('outside the repository, which --fix does not write'),
    });
  });
});
