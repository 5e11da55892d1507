// Where a file named by a repository's content (a function file, a certificate, a tool config's env file,
// a test file's config) may be read from: inside the repository, or where the user allowed. A pull request
// cannot make sgconf read the CI machine's files, and what is read outside is never quoted (docs/security.md).
import { existsSync, realpathSync } from 'node:fs';
import * as path from 'node:path';

export interface ReadScope {
  /** Real path of the repository: the git work tree of the working directory, else the working directory. */
  root: string;
  /** Real paths of files or folders outside it that the user allowed (--allow-path, allowPaths). */
  allowed: readonly string[];
  /** This machine is the gateway host (--host): files outside are read, and still never quoted. */
  host: boolean;
}

export function readScope(cwd: string, allowed: readonly string[], host: boolean): ReadScope {
  return { root: repositoryRoot(cwd), allowed: allowed.map((entry) => realPath(path.resolve(cwd, entry))), host };
}

/**
 * The git work tree that holds the working directory, else the working directory. Never the folder of a
 * tool config given with --config: that one lives outside the repository (docs/security.md's recipe keeps
 * it in the runner's temporary folder), and its neighbours are not the pull request's to read.
 */
export function repositoryRoot(cwd: string): string {
  return gitWorkTree(path.resolve(cwd)) ?? realPath(cwd);
}

/**
 * The scope for what a file named on the command line names in turn: its own repository (the git work tree
 * that holds it) when it lies in one, else the working directory's. `sgconf test /path/to/suite`, run from
 * anywhere, reads the suite's configs as it would from inside the suite's repository.
 */
export function scopeOfNamedFile(file: string, scope: ReadScope | undefined): ReadScope | undefined {
  if (scope === undefined) return undefined;
  // The repository as the path is typed: a committed link out of it does not make its target's repository the scope.
  const root = gitWorkTree(realPath(path.dirname(path.resolve(file))));
  return root === undefined || root === scope.root ? scope : { ...scope, root };
}

function gitWorkTree(folder: string): string | undefined {
  for (let dir = folder; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '.git'))) return realPath(dir);
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The real path (links followed); for a path that does not exist, its nearest existing folder's real path and the rest. */
export function realPath(file: string): string {
  const absolute = path.resolve(file);
  try {
    return realpathSync.native(absolute);
  } catch {
    const parent = path.dirname(absolute);
    return parent === absolute ? absolute : path.join(realPath(parent), path.basename(absolute));
  }
}

export function within(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

/** Whether a file lies in the repository once every link is followed (no scope: everything does). */
export function insideRepository(file: string, scope: ReadScope | undefined): boolean {
  return scope === undefined || within(realPath(file), scope.root);
}

/** Whether a file named by the repository's content may be read. */
export function mayRead(file: string, scope: ReadScope | undefined): boolean {
  if (scope === undefined || scope.host) return true;
  return inScope(realPath(file), scope);
}

/** Whether a real path lies in the repository or in a place the user allowed. */
function inScope(real: string, scope: ReadScope): boolean {
  return within(real, scope.root) || scope.allowed.some((entry) => within(real, entry));
}

/**
 * Whether a path the user typed (a command-line argument) may be read. One outside the repository as typed
 * is the user's own choice; one inside it is read only if it stays inside once links are followed, since a
 * committed link (`.env.example -> ~/.aws/credentials`) is the repository's choice, not the user's.
 */
export function mayReadNamed(file: string, scope: ReadScope | undefined): boolean {
  if (scope === undefined || scope.host) return true;
  return !within(path.resolve(file), scope.root) || mayRead(file, scope);
}

/** The kernel's own trees: no folder search enters them, whatever the scope (they never end or never hold configs). */
const SYSTEM_TREES = ['/proc', '/sys', '/dev'];

/**
 * Whether a folder search may follow a link it met to `real` (its real path): only to a place inside the
 * repository or one the user allowed, even on the gateway host, and never into /proc, /sys or /dev.
 */
export function mayFollowLink(real: string, scope: ReadScope | undefined): boolean {
  return mayWalk(real) && (scope === undefined || inScope(real, scope));
}

/** Whether a folder search may enter a folder it reached without a link (a named folder's real path). */
export function mayWalk(real: string): boolean {
  return !SYSTEM_TREES.some((tree) => within(real, tree));
}

/** Why a file outside the repository was not read, for a diagnostic. */
export const OUTSIDE_REPOSITORY = 'it is outside the repository, so it was not read (--host on the gateway host, or --allow-path, reads it)';

/** Why a file the user named inside the repository was not read: a link leads out of it. */
export const LINK_OUTSIDE_REPOSITORY = 'it is a link that leads outside the repository, so it was not read (--host on the gateway host, or --allow-path, reads it)';
