// The file side of `sgconf lint --fix` / `--fix-dry-run`: read each file that has fixable findings as lint
// read it, fix it (src/fix/run.ts), and write it back atomically with its mode and owner (a temporary file
// beside it, renamed over it), or print the change as a unified diff. A file that cannot be written is an
// error on that file and the others go on; a link is written through to its target only inside the
// repository (docs/security.md).
import { chown, lstat, realpath, rename, stat, truncate, unlink, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { CliIO } from './io.js';
import { readTextFile } from '../files.js';
import type { LintOptions } from '../lint.js';
import { fixText } from '../fix/run.js';
import { unifiedDiff } from '../fix/diff.js';
import { insideRepository } from '../read-scope.js';
import { scrub, secretsToMask } from '../secrets.js';
import { isFixable, type Diagnostic, type FileResult } from '../types.js';

export interface FixRun {
  /** How many files changed (or would change). */
  changed: number;
  /** How many fixes were (or would be) applied. */
  fixes: number;
  /** The fixed text of each file that would change (diff mode). */
  texts: Map<string, string>;
  /** Files that could not be written, each with the error to report on it. */
  unwritable: Map<string, Diagnostic>;
}

/** Fixes the files (`results`: their findings, unfiltered by --quiet). */
export async function fixFiles(results: readonly FileResult[], options: LintOptions, io: CliIO, mode: 'write' | 'diff', sources: ReadonlyMap<string, string> = new Map()): Promise<FixRun> {
  const run: FixRun = { changed: 0, fixes: 0, texts: new Map(), unwritable: new Map() };
  for (const result of results) {
    if (!result.diagnostics.some(isFixable)) continue;
    // A text given (standard input) is fixed as given; a file is read as lint read it.
    const given = sources.get(result.file);
    const read = given !== undefined ? { text: given } : await readTextFile(result.file, io.cwd, options.scope);
    if (!('text' in read)) continue;
    const outcome = await fixText(read.text, result.file, { ...options, kind: result.kind ?? options.kind }, result.diagnostics);
    if (outcome.fixed === 0) continue;
    if (mode === 'diff') {
      run.changed++;
      run.fixes += outcome.fixed;
      run.texts.set(result.file, outcome.text);
      // The diff's lines, context included, with every credential of the config masked.
      const secrets = secretsToMask(result, read.text);
      io.stdout(unifiedDiff(result.file.split(path.sep).join('/'), read.text, outcome.text).split('\n').map((line) => scrub(line, secrets)).join('\n'));
      continue;
    }
    const refusal = await writeFixed(path.resolve(io.cwd, result.file), outcome.text, options);
    if (refusal === null) {
      run.changed++;
      run.fixes += outcome.fixed;
    }
    else run.unwritable.set(result.file, unwritable(result.file, outcome.fixed, refusal));
  }
  return run;
}

/** Writes the fixed text over the file (through a link, to its target); the reason when it cannot. */
async function writeFixed(file: string, text: string, options: LintOptions): Promise<string | null> {
  let target = file;
  try {
    if ((await lstat(file)).isSymbolicLink()) {
      target = await realpath(file);
      if (!insideRepository(target, options.scope)) return `it is a link to ${target}, outside the repository, which --fix does not write`;
    }
    const before = await stat(target);
    const temporary = path.join(path.dirname(target), `.${path.basename(target)}.sgconf-fix-${process.pid}.tmp`);
    try {
      await writeFile(temporary, text, { mode: before.mode & 0o7777, flag: 'wx' });
      // The file keeps its owner: run as root, a plain rename would hand it to root. A user who may write
      // someone else's file but not give one away writes it in place (same inode, owner and mode).
      if (before.uid !== process.getuid?.() || before.gid !== process.getgid?.()) {
        const given = await chown(temporary, before.uid, before.gid).then(() => true, () => false);
        if (!given) {
          await unlink(temporary);
          await writeFile(target, text, { flag: 'r+' });
          await truncate(target, Buffer.byteLength(text));
          return null;
        }
      }
      await rename(temporary, target);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    return null;
  } catch (error) {
    return reason(error);
  }
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return `permission denied (${code}): the file or its folder is not writable by this user`;
    case 'EROFS':
      return 'the file system is read-only (EROFS)';
    case 'ENOSPC':
      return 'no space left on the device (ENOSPC)';
    case 'EEXIST':
      return 'a temporary file of another sgconf run is in the way (EEXIST)';
    default:
      return `${(error as Error).message ?? String(error)}`;
  }
}

function unwritable(file: string, fixes: number, why: string): Diagnostic {
  return {
    rule: 'source/unwritable', severity: 'error',
    message: `--fix could not write ${fixes === 1 ? 'its fix' : `its ${fixes} fixes`}: ${why}`,
    detail: 'The file is unchanged; the findings below are still in it. The other files were fixed.',
    pointer: '', line: 1, column: 1, endLine: 1, endColumn: 1,
  };
}
