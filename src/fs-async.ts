// Promise forms of the few fs calls the lint path makes. Each is made at once, on this thread: configs,
// test files and folders are small and in the page cache, while every call through Node's thread pool
// waits for a round trip (and the first also starts the pool's threads, about 2.5 ms here). Measured: a
// cold lint 208 -> 200 ms, and one lint of 1,000 files 936 -> 1,205 files/s (bench e). The engine's
// modules, several MB, are read on the thread pool (readOffThread). node:fs/promises is not used:
// importing it makes Node 20 load its stream and readline modules too, a few milliseconds of every cold
// start (issue 6).
import { LINK_OUTSIDE_REPOSITORY, mayReadNamed, type ReadScope } from './read-scope.js';
import { closeSync, fstatSync, openSync, read as readCallback, readdirSync, readFileSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';

export function stat(file: string): Promise<Stats> {
  return settled(() => statSync(file));
}

export function readdirEntries(dir: string): Promise<Dirent[]> {
  return settled(() => readdirSync(dir, { withFileTypes: true }));
}

export function realpath(file: string): Promise<string> {
  return settled(() => realpathSync(file));
}

/**
 * A whole file, read on Node's thread pool while this thread goes on, in one read: readFile's 512 KiB
 * steps would each wait for this thread, busy linting, before the next one starts.
 */
export async function readOffThread(file: string): Promise<Buffer> {
  const fd = openSync(file, 'r');
  try {
    const bytes = Buffer.allocUnsafe(fstatSync(fd).size);
    for (let done = 0; done < bytes.length;) {
      const count = await new Promise<number>((resolve, reject) => readCallback(fd, bytes, done, bytes.length - done, done, (error, n) => (error ? reject(error) : resolve(n))));
      if (count === 0) throw new Error(`${file} ended while it was read`);
      done += count;
    }
    return bytes;
  } finally {
    closeSync(fd);
  }
}

/** What `call` returns, or its error, as a settled promise. */
function settled<T>(call: () => T): Promise<T> {
  try {
    return Promise.resolve(call());
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Config files larger than this are not read (source/too-large): the largest real ones are a few MB. */
export const MAX_CONFIG_BYTES = 64 * 1024 * 1024;

/** Why a file is not read: not a regular file (a device such as /dev/zero, a FIFO, a socket), or too large. */
export class NotReadError extends Error {
  constructor(readonly code: 'ENOTREG' | 'EFBIG' | 'EOUTSIDE', message: string) {
    super(message);
  }
}

/**
 * Reads a regular file of at most `maxBytes`. A device, FIFO or socket would read forever or block, so
 * only regular files are read; the cap keeps memory bounded. With `named`, the scope of a run, the path is
 * one the user typed: a path inside the repository that a link leads out of is not read (read-scope.ts).
 */
export function readRegularFile(file: string, maxBytes: number, named?: ReadScope): Promise<Buffer> {
  return settled(() => readRegularFileSync(file, maxBytes, named));
}

/** readRegularFile as it is made (for a report's code frames and the command line's documents). */
export function readRegularFileSync(file: string, maxBytes: number, named?: ReadScope): Buffer {
  checkReadable(statSync(file), maxBytes);
  checkNamed(file, named);
  return checkRead(readFileSync(file), maxBytes);
}

function checkNamed(file: string, scope: ReadScope | undefined): void {
  if (scope !== undefined && !mayReadNamed(file, scope)) throw new NotReadError('EOUTSIDE', LINK_OUTSIDE_REPOSITORY);
}

function checkReadable(info: Stats, maxBytes: number): void {
  if (!info.isFile()) throw new NotReadError('ENOTREG', info.isDirectory() ? 'this is a directory, not a file' : 'this is not a regular file (a device, FIFO or socket): sgconf reads only regular files');
  if (info.size > maxBytes) throw new NotReadError('EFBIG', `the file is ${(info.size / 1048576).toFixed(1)} MiB, more than the ${maxBytes / 1048576} MiB sgconf reads`);
}

function checkRead(bytes: Buffer, maxBytes: number): Buffer {
  if (bytes.length > maxBytes) throw new NotReadError('EFBIG', `the file grew past the ${maxBytes / 1048576} MiB sgconf reads`);
  return bytes;
}

