// The file side of `sgconf lint --fix` / `--fix-dry-run`: read each file that has fixable findings as lint
// read it, fix it (src/fix/run.ts), and write it back atomically with its mode (a temporary file beside it,
// renamed over it), or print the change as a unified diff.
import { rename, stat, unlink, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { CliIO } from './io.js';
import { readTextFile } from '../files.js';
import type { LintOptions } from '../lint.js';
import { fixText } from '../fix/run.js';
import { unifiedDiff } from '../fix/diff.js';
import type { FileResult } from '../types.js';

/** Fixes the files (`results`: their findings, unfiltered by --quiet); returns how many changed (or would change). */
export async function fixFiles(results: readonly FileResult[], options: LintOptions, io: CliIO, mode: 'write' | 'diff'): Promise<number> {
  let changed = 0;
  for (const result of results) {
    if (!result.diagnostics.some((d) => d.fix && !d.file)) continue;
    const read = await readTextFile(result.file, io.cwd);
    if (!('text' in read)) continue;
    const outcome = await fixText(read.text, result.file, { ...options, kind: result.kind ?? options.kind }, result.diagnostics);
    if (outcome.fixed === 0) continue;
    changed++;
    if (mode === 'diff') {
      io.stdout(unifiedDiff(result.file.split(path.sep).join('/'), read.text, outcome.text));
      continue;
    }
    const target = path.resolve(io.cwd, result.file);
    const temporary = `${target}.sgconf-fix-${process.pid}.tmp`;
    try {
      await writeFile(temporary, outcome.text, { mode: (await stat(target)).mode & 0o7777 });
      await rename(temporary, target);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
  }
  return changed;
}
