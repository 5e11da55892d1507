// The writer on the real file system, with failures injected: the original always survives and
// nothing half-written is left behind.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { backupName, writeInPlace, writeToDirectory, WriteError, type OutputFile, type WriterFs } from '../../src/convert/writer.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sgconf-writer-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const files: OutputFile[] = [
  { path: 'bootstrap.json', content: '{\n  "bootstrap": {\n    "password": "p"\n  }\n}\n', secret: true },
  { path: 'databases/db.json', content: '{\n  "name": "db"\n}\n', secret: false },
  { path: 'principals/db.json', content: '{\n  "users": {}\n}\n', secret: true },
];

async function listAll(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true });
  return entries.map(String).sort();
}

const mode = async (p: string) => (await fs.stat(p)).mode & 0o777;

/** A folder that behaves as if mounted read-only (the tests may run as root, where chmod does not stop writes). */
function readOnlyFolder(folder: string): Partial<WriterFs> {
  const inside = (p: unknown) => path.resolve(String(p)).startsWith(path.resolve(folder) + path.sep) || path.resolve(String(p)) === path.resolve(folder);
  const erofs = (p: unknown) => Object.assign(new Error(`EROFS: read-only file system, '${String(p)}'`), { code: 'EROFS' });
  return {
    open: (async (p: Parameters<typeof fs.open>[0], flags?: string | number, m?: number) => {
      if (inside(p) && flags !== 'r' && flags !== undefined) throw erofs(p);
      return fs.open(p, flags, m);
    }) as typeof fs.open,
    mkdir: (async (p: Parameters<typeof fs.mkdir>[0], o?: Parameters<typeof fs.mkdir>[1]) => {
      if (inside(p)) throw erofs(p);
      return fs.mkdir(p, o);
    }) as typeof fs.mkdir,
  };
}

describe('writeToDirectory', () => {
  it('creates the folder and writes every file, credentials with mode 0600', async () => {
    const out = path.join(dir, 'out');
    await writeToDirectory(out, files);
    expect(await listAll(out)).toEqual(['bootstrap.json', 'databases', 'databases/db.json', 'principals', 'principals/db.json']);
    expect(await fs.readFile(path.join(out, 'databases/db.json'), 'utf8')).toBe(files[1].content);
    expect(await mode(path.join(out, 'bootstrap.json'))).toBe(0o600);
    expect(await mode(path.join(out, 'principals/db.json'))).toBe(0o600);
    expect(await mode(path.join(out, 'databases/db.json'))).toBe(0o644);
  });

  it('accepts an existing empty folder', async () => {
    await writeToDirectory(dir, files);
    expect(await listAll(dir)).toContain('bootstrap.json');
  });

  it('refuses a non-empty folder unless --force, and then leaves other files alone', async () => {
    await fs.writeFile(path.join(dir, 'README'), 'keep me');
    await expect(writeToDirectory(dir, files)).rejects.toThrow(/not empty.*--force/);
    expect(await listAll(dir)).toEqual(['README']);
    await writeToDirectory(dir, files, { force: true });
    expect(await fs.readFile(path.join(dir, 'README'), 'utf8')).toBe('keep me');
    expect(await listAll(dir)).toContain('databases/db.json');
  });

  it('--force replaces existing output files', async () => {
    await fs.mkdir(path.join(dir, 'databases'));
    await fs.writeFile(path.join(dir, 'databases/db.json'), 'old');
    await writeToDirectory(dir, files, { force: true });
    expect(await fs.readFile(path.join(dir, 'databases/db.json'), 'utf8')).toBe(files[1].content);
    expect((await listAll(dir)).filter((f) => f.includes('.tmp') || f.includes('.old'))).toEqual([]);
  });

  it('a read-only folder: an error, and nothing is left behind', async () => {
    const out = path.join(dir, 'out');
    await fs.mkdir(out);
    await expect(writeToDirectory(out, files, { fs: readOnlyFolder(out) })).rejects.toThrow(WriteError);
    expect(await listAll(out)).toEqual([]);
  });

  it('a file that appears between the check and the write is not overwritten, and partial output is removed', async () => {
    const out = path.join(dir, 'out');
    await expect(writeToDirectory(out, files, {
      beforeCommit: async () => {
        await fs.writeFile(path.join(out, 'principals/db.json'), 'someone else');
      },
    })).rejects.toThrow(/appeared/);
    expect(await fs.readFile(path.join(out, 'principals/db.json'), 'utf8')).toBe('someone else');
    expect(await listAll(out)).toEqual(['principals', 'principals/db.json']);
  });

  it('a failure in the middle of moving files into place removes the ones already moved', async () => {
    const out = path.join(dir, 'out');
    let links = 0;
    const failing: Partial<WriterFs> = {
      link: (async (a: string, b: string) => {
        if (++links === 2) throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
        return fs.link(a, b);
      }) as typeof fs.link,
    };
    await expect(writeToDirectory(out, files, { fs: failing })).rejects.toThrow(/EIO/);
    await expect(fs.stat(out)).rejects.toThrow(/ENOENT/);
  });
});

describe('writeInPlace', () => {
  // A BOM, CRLF line ends, a tab, a non-ASCII character: the backup must be byte for byte.
  const originalBytes = Buffer.from('\uFEFF{\r\n\t"databases": {"db": {"server": "couchbases://cb1"}}, "x": "é"\r\n}', 'utf8');
  const now = () => 1_700_000_000_123;

  it('names the backup <name>-backup-<unix seconds><ext>', () => {
    expect(backupName('/etc/sg/sync_gateway.json', 1_700_000_000_999)).toBe('/etc/sg/sync_gateway-backup-1700000000.json');
    expect(backupName('/etc/sg/config', 1_700_000_000_000)).toBe('/etc/sg/config-backup-1700000000');
    expect(backupName('/etc/sg/a.b.conf', 1_700_000_000_000)).toBe('/etc/sg/a.b-backup-1700000000.conf');
  });

  it('backs up byte for byte, replaces the original with the bootstrap config, writes the rest beside it', async () => {
    const original = path.join(dir, 'sync_gateway.json');
    await fs.writeFile(original, originalBytes, { mode: 0o640 });
    const { backup } = await writeInPlace(original, originalBytes, files, { now });
    expect(backup).toBe(path.join(dir, 'sync_gateway-backup-1700000000.json'));
    expect((await fs.readFile(backup)).equals(originalBytes)).toBe(true);
    expect(await mode(backup)).toBe(0o640);
    expect(await fs.readFile(original, 'utf8')).toBe(files[0].content);
    expect(await mode(original)).toBe(0o600);
    expect(await fs.readFile(path.join(dir, 'databases/db.json'), 'utf8')).toBe(files[1].content);
    expect((await listAll(dir)).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('never overwrites an existing backup: the original, the old backup and the folder stay as they were', async () => {
    const original = path.join(dir, 'sync_gateway.json');
    await fs.writeFile(original, originalBytes);
    const taken = path.join(dir, 'sync_gateway-backup-1700000000.json');
    await fs.writeFile(taken, 'an older backup');
    await expect(writeInPlace(original, originalBytes, files, { now })).rejects.toThrow(/already taken/);
    expect((await fs.readFile(original)).equals(originalBytes)).toBe(true);
    expect(await fs.readFile(taken, 'utf8')).toBe('an older backup');
    expect(await listAll(dir)).toEqual(['sync_gateway-backup-1700000000.json', 'sync_gateway.json']);
  });

  it('an original replaced between the check and the write is left as the other writer left it', async () => {
    const original = path.join(dir, 'sync_gateway.json');
    await fs.writeFile(original, originalBytes);
    await expect(writeInPlace(original, originalBytes, files, {
      now,
      beforeCommit: async () => {
        await fs.writeFile(original + '.new', 'edited meanwhile');
        await fs.rename(original + '.new', original);
      },
    })).rejects.toThrow(/changed while/);
    expect(await fs.readFile(original, 'utf8')).toBe('edited meanwhile');
    expect(await listAll(dir)).toEqual(['sync_gateway.json']);
  });

  it('a read-only folder: the original is untouched and nothing is left', async () => {
    const original = path.join(dir, 'sync_gateway.json');
    await fs.writeFile(original, originalBytes);
    await expect(writeInPlace(original, originalBytes, files, { now, fs: readOnlyFolder(dir) })).rejects.toThrow(WriteError);
    expect((await fs.readFile(original)).equals(originalBytes)).toBe(true);
    expect(await listAll(dir)).toEqual(['sync_gateway.json']);
  });

  it('a backup that does not read back identical stops everything', async () => {
    const original = path.join(dir, 'sync_gateway.json');
    await fs.writeFile(original, originalBytes);
    const corrupt: Partial<WriterFs> = {
      readFile: (async (p: Parameters<typeof fs.readFile>[0], o?: Parameters<typeof fs.readFile>[1]) => {
        if (String(p).includes('-backup-')) return Buffer.from('garbled');
        return fs.readFile(p, o as never);
      }) as typeof fs.readFile,
    };
    await expect(writeInPlace(original, originalBytes, files, { now, fs: corrupt })).rejects.toThrow(/read back/);
    expect((await fs.readFile(original)).equals(originalBytes)).toBe(true);
    expect(await listAll(dir)).toEqual(['sync_gateway.json']);
  });

  it('existing databases/ files are not overwritten without --force', async () => {
    const original = path.join(dir, 'sync_gateway.json');
    await fs.writeFile(original, originalBytes);
    await fs.mkdir(path.join(dir, 'databases'));
    await fs.writeFile(path.join(dir, 'databases/db.json'), 'mine');
    await expect(writeInPlace(original, originalBytes, files, { now })).rejects.toThrow(/already exists/);
    expect((await fs.readFile(original)).equals(originalBytes)).toBe(true);
    expect(await fs.readFile(path.join(dir, 'databases/db.json'), 'utf8')).toBe('mine');
    expect(await listAll(dir)).toEqual(['databases', 'databases/db.json', 'sync_gateway.json']);
  });
});

describe('writer: what users do around a conversion', () => {
  it('an edit saved while --in-place commits is never overwritten (checked right before the replacement)', async () => {
    const original = path.join(dir, 'sync_gateway.json');
    await fs.writeFile(original, '{"databases": {}}\n');
    const bytes = await fs.readFile(original);
    // The user saves an edit while the other files are being moved into place.
    const editing: Partial<WriterFs> = {
      link: (async (from: string, to: string) => {
        await fs.link(from, to);
        if (String(to).includes(`${path.sep}databases${path.sep}`)) await fs.writeFile(original, '{"databases": {"edited": {}}}\n');
      }) as typeof fs.link,
    };
    await expect(writeInPlace(original, bytes, files, { fs: editing })).rejects.toThrow(/changed while it was being converted/);
    expect(await fs.readFile(original, 'utf8')).toBe('{"databases": {"edited": {}}}\n');
    expect((await listAll(dir)).filter((f) => f.endsWith('.tmp') || f.startsWith('databases/') || f.includes('backup'))).toEqual([]);
  });

  it('run as root on a config owned by the service user, everything written beside it keeps its owner and group', async () => {
    if (process.getuid?.() !== 0) throw new Error('this test needs root (CI and the development machines run as root)');
    const original = path.join(dir, 'sync_gateway.json');
    await fs.writeFile(original, '{"databases": {}}\n', { mode: 0o640 });
    await fs.chown(original, 1000, 1001);
    const { backup } = await writeInPlace(original, await fs.readFile(original), files);
    for (const file of [original, backup, 'databases', 'databases/db.json', 'principals', 'principals/db.json'].map((f) => path.resolve(dir, f))) {
      expect(await fs.stat(file), file).toMatchObject({ uid: 1000, gid: 1001 });
    }
    expect(await mode(original)).toBe(0o600); // it holds credentials now
    expect(await mode(backup)).toBe(0o640);
  });

  it('databases/ and principals/ linked to one folder: refused, nothing written (with --force too)', async () => {
    const shared = path.join(dir, 'shared');
    await fs.mkdir(shared);
    const out = path.join(dir, 'out');
    await fs.mkdir(out);
    await fs.symlink(shared, path.join(out, 'databases'));
    await fs.symlink(shared, path.join(out, 'principals'));
    await expect(writeToDirectory(out, files, { force: true })).rejects.toThrow(/symbolic link: sgconf does not write through links/);
    expect(await fs.readdir(shared)).toEqual([]);
    expect(await fs.readdir(out)).toEqual(['databases', 'principals']);
  });
});
