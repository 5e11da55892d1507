// A pull request can make any path sgconf is told to read a link to a device: /dev/zero never ends, and
// reading it whole aborted the process at 12-17 GB. Every command and option that names a file reads it
// through the one reader with limits (regular files only, a size cap), and says so in its own way.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const NOT_REGULAR = 'this is not a regular file (a device, FIFO or socket): sgconf reads only regular files';

function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-devices-'));
  symlinkSync('/dev/zero', path.join(dir, 'config.json'));
  symlinkSync('/dev/zero', path.join(dir, 'doc.json'));
  symlinkSync('/dev/zero', path.join(dir, 'cert.pem'));
  writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync: 'function (doc) { channel("x"); }' }));
  return dir;
}

function sgconf(dir: string, args: string[]) {
  return spawnSync(process.execPath, [path.join(ROOT, 'bin/sgconf.js'), ...args], { cwd: dir, encoding: 'utf8', timeout: 20_000, input: '{}' });
}

describe('a link to /dev/zero', () => {
  it.each([
    ['lint (its code frame too)', ['lint', 'config.json'], 1, 'stdout'],
    ['lint --fix', ['lint', '--fix', 'config.json'], 1, 'stdout'],
    ['plan', ['plan', 'config.json', '--from', '2.8', '--to', '4.1'], 1, 'stdout'],
    ['cert', ['cert', 'cert.pem'], 1, 'stdout'],
    ['dry-run --doc', ['dry-run', 'db.json', '--doc', 'doc.json'], 2, 'stderr'],
    ['dry-run --old-doc', ['dry-run', 'db.json', '--doc', '-', '--old-doc', 'doc.json'], 2, 'stderr'],
    ['dry-run --xattrs', ['dry-run', 'db.json', '--doc', '-', '--xattrs', 'doc.json'], 2, 'stderr'],
  ] as const)('%s: refused at once, with the reason', (_what, args, code, stream) => {
    const r = sgconf(folder(), [...args]);
    expect(r.signal).toBeNull();
    expect(r.status).toBe(code);
    expect(r[stream]).toContain(NOT_REGULAR);
  });
});

describe('a tool config, or a file it names, that is a link to /dev/zero', () => {
  it('the tool config itself is a config/invalid error at once', () => {
    const dir = folder();
    symlinkSync('/dev/zero', path.join(dir, '.sgconfrc.json'));
    const r = sgconf(dir, ['lint', 'db.json']);
    expect(r.signal).toBeNull();
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(NOT_REGULAR);
  });

  it('an env file it lists is misuse at once (the link leads outside the repository); a CA file is a failed fetch with the reason', () => {
    const dir = folder();
    writeFileSync(path.join(dir, '.sgconfrc.json'), JSON.stringify({ envFiles: ['doc.json'] }));
    const env = sgconf(dir, ['lint', 'db.json']);
    expect(env.status).toBe(2);
    expect(env.stderr).toContain('(tool config envFiles): it is outside the repository, so it was not read');
    writeFileSync(path.join(dir, '.sgconfrc.json'), JSON.stringify({ caFiles: ['cert.pem'], remoteHosts: ['127.0.0.1'] }));
    writeFileSync(path.join(dir, 'remote.json'), JSON.stringify({ databases: { db: { bucket: 'b', sync: 'https://127.0.0.1:9/sync.js' } } }));
    const ca = sgconf(dir, ['lint', 'remote.json']);
    expect(ca.signal).toBeNull();
    expect(ca.status).toBe(1);
    expect(ca.stdout).toContain('cannot read a CA file of the tool config (caFiles)');
  });
});
