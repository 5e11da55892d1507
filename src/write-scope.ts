// Where sgconf may write (a report, coverage, converted or built configs): where the user pointed, never
// through a link the repository holds that leads out of it or into .git/, and never over a file of
// another kind. A pull request can commit links (`report.json -> ../../.bashrc`, `out -> .git/hooks`); the
// user's own links outside the repository (/tmp on some systems) are theirs. docs/security.md.
import { lstatSync, mkdirSync, readlinkSync, realpathSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { repositoryRoot, within } from './read-scope.js';

/**
 * Why sgconf will not write the file or folder `target` (a path as the user typed it, from `cwd`), or null.
 * `folder`: the target is a folder to write files into (an existing one is fine); else a file, which may
 * exist only as a regular file that is not executable.
 */
export function writeRefusal(target: string, cwd: string, folder = false): string | null {
  const root = repositoryRoot(cwd);
  const git = path.join(root, '.git');
  const parts = path.resolve(cwd, target).split(path.sep).filter((part) => part !== '');
  // The real path so far, link by link: each link the repository holds is judged by where it leads.
  let at = path.parse(path.resolve(cwd)).root;
  for (let i = 0; i < parts.length; i++) {
    const next = path.join(at, parts[i]!);
    let info;
    try {
      info = lstatSync(next);
    } catch {
      // The rest does not exist yet: it is made where `at` is.
      at = path.join(next, ...parts.slice(i + 1));
      break;
    }
    if (!info.isSymbolicLink()) {
      at = next;
      continue;
    }
    const heldByRepository = within(at, root);
    let leadsTo: string;
    try {
      leadsTo = realpathSync.native(next);
    } catch {
      // A link to nothing: a write would make its target.
      leadsTo = path.resolve(at, readlinkSync(next));
    }
    if (heldByRepository && (!within(leadsTo, root) || within(leadsTo, git))) {
      return `${path.relative(cwd, next) || next} is a link that leads ${within(leadsTo, git) ? 'into .git/' : 'out of the repository'}, and sgconf does not write through it`;
    }
    at = leadsTo;
  }
  if (within(at, git)) return `${target} is inside the repository's .git/ folder, which sgconf never writes`;
  let info;
  try {
    info = lstatSync(at);
  } catch {
    return null;
  }
  if (folder) return info.isDirectory() ? null : `${target} exists and is not a folder`;
  if (!info.isFile()) return `${target} exists and is not a regular file`;
  if ((info.mode & 0o111) !== 0) return `${target} is an executable file, which sgconf does not overwrite`;
  return null;
}

/**
 * Writes `text` to the file `target` (as the user typed it, from `cwd`), its folder made: the one writer of
 * reports (lint -o, test -o, test --coverage's lcov.info). Returns why it did not, or null.
 */
export function writeOutputFile(target: string, cwd: string, text: string): string | null {
  const refusal = writeRefusal(path.dirname(target), cwd, true) ?? writeRefusal(target, cwd);
  if (refusal) return refusal;
  const file = path.resolve(cwd, target);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    return null;
  } catch (error) {
    return `${target}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
  }
}
