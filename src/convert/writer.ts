// The file system side of convert and build: every file is written to a temporary name and renamed into
// place only after everything else succeeded; on any failure what was written is removed again and the
// original config is untouched.
import * as nodeFs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

export interface OutputFile {
  /** Path relative to the output directory (`bootstrap.json`, `databases/db.json`, ...). */
  path: string;
  content: string;
  /** Holds credentials: written with mode 0600. */
  secret: boolean;
  /** The source it was built from, relative to the working directory (`sgconf build`). */
  source?: string;
}

/** The file operations the writer uses (tests substitute some to inject failures). */
export interface WriterFs {
  mkdir: typeof nodeFs.mkdir;
  readdir: typeof nodeFs.readdir;
  stat: typeof nodeFs.stat;
  lstat: typeof nodeFs.lstat;
  open: typeof nodeFs.open;
  readFile: typeof nodeFs.readFile;
  rename: typeof nodeFs.rename;
  link: typeof nodeFs.link;
  unlink: typeof nodeFs.unlink;
  rmdir: typeof nodeFs.rmdir;
  chmod: typeof nodeFs.chmod;
  chown: typeof nodeFs.chown;
}

/**
 * Output folders (databases/, principals/) must be real folders: through a symbolic link a write would land
 * in, and overwrite, files elsewhere (two links to one folder made databases/db.json and principals/db.json
 * one file).
 */
async function refuseLinkedFolders(fs: WriterFs, root: string, files: readonly OutputFile[]): Promise<void> {
  const folders = [...new Set(files.map((f) => path.dirname(f.path)).filter((d) => d !== '.'))];
  for (const folder of folders) {
    const info = await fs.lstat(path.join(root, folder)).catch(() => null);
    if (info?.isSymbolicLink()) throw new WriteError(`${path.join(root, folder)} is a symbolic link: sgconf does not write through links (it could overwrite other files); nothing was written`);
  }
}

export interface WriteOptions {
  /** Allow a non-empty output directory and overwriting existing output files. */
  force?: boolean;
  /** Clock for the backup name (milliseconds). */
  now?: () => number;
  fs?: Partial<WriterFs>;
  /** Test seam: runs after every check and staging step, right before anything is moved into place. */
  beforeCommit?: () => Promise<void> | void;
}

export class WriteError extends Error {}

const SECRET_MODE = 0o600;
const DEFAULT_MODE = 0o644;

/** Write the files under `outDir`, which must be missing or empty unless `force`. */
export async function writeToDirectory(outDir: string, files: readonly OutputFile[], options: WriteOptions = {}): Promise<string[]> {
  const fs = { ...nodeFs, ...options.fs } as WriterFs;
  const target = path.resolve(outDir);
  let info: Awaited<ReturnType<typeof nodeFs.stat>> | undefined;
  try {
    info = await fs.stat(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new WriteError(`cannot use ${outDir}: ${describe(error)}`);
  }
  if (info && !info.isDirectory()) throw new WriteError(`${outDir} exists and is not a directory`);
  if (info && !options.force && (await fs.readdir(target)).length > 0) {
    throw new WriteError(`${outDir} is not empty; choose an empty or new directory, or pass --force to write into it`);
  }
  await refuseLinkedFolders(fs, target, files);
  const transaction = new Transaction(fs, options.force ?? false);
  try {
    for (const file of files) await transaction.stage(path.join(target, file.path), file.content, file.secret ? SECRET_MODE : DEFAULT_MODE);
    await options.beforeCommit?.();
    await transaction.commit();
  } catch (error) {
    await transaction.rollback();
    throw error instanceof WriteError ? error : new WriteError(`nothing was written: ${describe(error)}`);
  }
  await transaction.finish();
  return files.map((f) => path.join(target, f.path));
}

/** `<name>-backup-<unix seconds><ext>` beside the original, the extension being what follows the last dot. */
export function backupName(original: string, nowMs: number): string {
  const dir = path.dirname(original);
  const base = path.basename(original);
  const dot = base.lastIndexOf('.');
  const stem = dot < 0 ? base : base.slice(0, dot);
  const ext = dot < 0 ? '' : base.slice(dot);
  return path.join(dir, `${stem}-backup-${Math.floor(nowMs / 1000)}${ext}`);
}

/**
 * `--in-place`: back the original up byte for byte (never over an existing file), verify the backup, then
 * replace the original with `bootstrap.json` and write the other files beside it.
 * `originalBytes` is what the conversion read: a file changed since then is not replaced.
 */
export async function writeInPlace(
  original: string, originalBytes: Uint8Array, files: readonly OutputFile[], options: WriteOptions = {},
): Promise<{ backup: string; written: string[] }> {
  const fs = { ...nodeFs, ...options.fs } as WriterFs;
  const originalPath = path.resolve(original);
  const dir = path.dirname(originalPath);
  const backup = backupName(originalPath, (options.now ?? Date.now)());
  let originalMode: number;
  let owner: { uid: number; gid: number };
  try {
    const info = await fs.stat(originalPath);
    originalMode = info.mode & 0o777;
    owner = { uid: info.uid, gid: info.gid };
  } catch (error) {
    throw new WriteError(`cannot read ${original}: ${describe(error)}`);
  }
  await refuseLinkedFolders(fs, dir, files);
  // Run as root on a config the service user owns, everything written beside it (the new config, the
  // backup, databases/ and principals/ with their files) keeps that owner and group, else the service could
  // not read its own config; elsewhere chown is not permitted and not needed.
  const chownNeeded = process.getuid?.() === 0 && (owner.uid !== 0 || owner.gid !== 0);
  const keepOwner = async (file: string): Promise<void> => {
    if (chownNeeded) await fs.chown(file, owner.uid, owner.gid);
  };
  const transaction = new Transaction(fs, options.force ?? false);
  let backupWritten = false;
  try {
    for (const file of files) {
      if (file.path === 'bootstrap.json') continue;
      await keepOwner(await transaction.stage(path.join(dir, file.path), file.content, file.secret ? SECRET_MODE : DEFAULT_MODE));
    }
    for (const created of transaction.createdFolders()) await keepOwner(created);
    const bootstrap = files.find((f) => f.path === 'bootstrap.json');
    if (!bootstrap) throw new WriteError('no bootstrap config to write');
    // The original is replaced, not created: rename over it, keeping its permissions unless it now holds secrets.
    await keepOwner(await transaction.stage(originalPath, bootstrap.content, bootstrap.secret ? SECRET_MODE : originalMode, { replace: true }));

    // Written under a temporary name and linked into place: the backup name only ever holds a whole copy
    // (a run killed halfway leaves no empty or partial backup), and link() never replaces an existing file.
    const backupTemp = path.join(dir, `.${path.basename(backup)}.sgconf-${process.pid}.tmp`);
    const handle = await fs.open(backupTemp, 'wx', originalMode);
    try {
      try {
        await handle.writeFile(originalBytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await keepOwner(backupTemp);
    } catch (error) {
      // A full disk or a file size limit: no partial backup stays behind, not even under its temporary name.
      await fs.unlink(backupTemp).catch(() => undefined);
      throw error;
    }
    try {
      await fs.link(backupTemp, backup);
    } catch (error) {
      await fs.unlink(backupTemp).catch(() => undefined);
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new WriteError(`the backup name ${path.basename(backup)} is already taken; nothing was changed (run again in a second)`);
      }
      throw error;
    }
    backupWritten = true;
    await fs.unlink(backupTemp);
    const readBack = await fs.readFile(backup);
    if (!Buffer.from(originalBytes).equals(readBack)) throw new WriteError(`the backup ${backup} does not read back identical to the original; nothing was changed`);

    await options.beforeCommit?.();
    // Checked right before the original is replaced (the last step of the commit): an edit saved while the
    // conversion ran is never overwritten.
    await transaction.commit(async () => {
      let current: Buffer;
      try {
        current = await fs.readFile(originalPath);
      } catch (error) {
        throw new WriteError(`${original} cannot be read any more (${describe(error)}); nothing was changed`);
      }
      if (!current.equals(Buffer.from(originalBytes))) {
        throw new WriteError(`${original} changed while it was being converted; nothing was changed: convert it again`);
      }
    });
  } catch (error) {
    await transaction.rollback();
    if (backupWritten) await fs.unlink(backup).catch(() => undefined);
    throw error instanceof WriteError ? error : new WriteError(`nothing was changed: ${describe(error)}`);
  }
  await transaction.finish();
  return { backup, written: files.map((f) => (f.path === 'bootstrap.json' ? originalPath : path.join(dir, f.path))) };
}

interface Staged {
  target: string;
  temp: string;
  replace: boolean;
  /** Set once moved into place. */
  committed: boolean;
  /** With --force, an existing file moved aside until the commit succeeded. */
  aside?: string;
}

/** Stage temporary files, then move them all into place; undo everything on failure. */
class Transaction {
  private readonly staged: Staged[] = [];
  private readonly createdDirs: string[] = [];

  constructor(private readonly fs: WriterFs, private readonly force: boolean) {}

  /** Writes `content` to a temporary file beside `target` and returns the temporary file's path. */
  async stage(target: string, content: string, mode: number, opts: { replace?: boolean } = {}): Promise<string> {
    const dir = path.dirname(target);
    await this.makeDirs(dir);
    if (!opts.replace && !this.force && (await exists(this.fs, target))) {
      throw new WriteError(`${target} already exists; pass --force to overwrite it`);
    }
    const temp = path.join(dir, `.${path.basename(target)}.sgconf-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
    const entry: Staged = { target, temp, replace: opts.replace ?? false, committed: false };
    this.staged.push(entry);
    const handle = await this.fs.open(temp, 'wx', mode);
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await this.fs.chmod(temp, mode); // the umask must not widen or narrow what we decided
    return temp;
  }

  async commit(beforeReplace?: () => Promise<void>): Promise<void> {
    // The replacement of an existing file (the original config) goes last: it is the step that matters.
    const order = [...this.staged.filter((s) => !s.replace), ...this.staged.filter((s) => s.replace)];
    for (const entry of order) {
      if (entry.replace) {
        await beforeReplace?.();
        await this.fs.rename(entry.temp, entry.target);
      } else if (this.force && (await exists(this.fs, entry.target))) {
        entry.aside = `${entry.temp}.old`;
        await this.fs.rename(entry.target, entry.aside);
        await this.fs.rename(entry.temp, entry.target);
      } else {
        // link() refuses to replace a file that appeared since the check; rename() would not.
        try {
          await this.fs.link(entry.temp, entry.target);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'EEXIST') throw new WriteError(`${entry.target} appeared while writing; nothing was written`);
          if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV') throw error;
          if (await exists(this.fs, entry.target)) throw new WriteError(`${entry.target} appeared while writing; nothing was written`);
          await this.fs.rename(entry.temp, entry.target);
        }
        await this.fs.unlink(entry.temp).catch(() => undefined);
      }
      entry.committed = true;
    }
  }

  async rollback(): Promise<void> {
    for (const entry of [...this.staged].reverse()) {
      if (entry.committed && !entry.replace) {
        await this.fs.unlink(entry.target).catch(() => undefined);
        if (entry.aside) await this.fs.rename(entry.aside, entry.target).catch(() => undefined);
      }
      await this.fs.unlink(entry.temp).catch(() => undefined);
    }
    for (const dir of [...this.createdDirs].reverse()) await this.fs.rmdir(dir).catch(() => undefined);
  }

  /** The folders this transaction created (removed again on rollback). */
  createdFolders(): readonly string[] {
    return this.createdDirs;
  }

  async finish(): Promise<void> {
    for (const entry of this.staged) if (entry.aside) await this.fs.unlink(entry.aside).catch(() => undefined);
  }

  private async makeDirs(dir: string): Promise<void> {
    const missing: string[] = [];
    let current = dir;
    while (!(await exists(this.fs, current))) {
      missing.unshift(current);
      const parent = path.dirname(current);
      if (parent === current) break;
      current = parent;
    }
    for (const d of missing) {
      await this.fs.mkdir(d);
      this.createdDirs.push(d);
    }
  }
}

async function exists(fs: WriterFs, p: string): Promise<boolean> {
  try {
    await fs.lstat(p);
    return true;
  } catch {
    return false;
  }
}

function describe(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  return e.code && !String(e.message).startsWith(e.code) ? `${e.code}: ${e.message}` : String(e.message ?? error);
}
