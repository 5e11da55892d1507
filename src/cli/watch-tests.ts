// `sgconf test --watch`: after the first run, the folders given are watched, and a change runs again the
// test files it touches (a test file itself, the config or function file it names, a function file the
// config names), each with its report, until the process is interrupted.
import { readdirSync, watch, type Dirent, type FSWatcher } from 'node:fs';
import * as path from 'node:path';
import type { CliIO } from './io.js';
import { dependenciesOf, type TestFileResult } from '../sgtest/run.js';
import { stat } from '../fs-async.js';

export interface WatchOptions {
  io: CliIO;
  isTestFile: (file: string) => boolean;
  run: (file: string) => Promise<TestFileResult>;
  report: (results: TestFileResult[]) => string;
}

/** Changes this close together are one change (an editor writes a file in several steps). */
const SETTLE_MS = 150;
/** Folders whose changes are never a test's input. */
const SKIPPED = /(^|[\\/])(node_modules|\.git|coverage)([\\/]|$)/;

export function watchTests(first: readonly TestFileResult[], paths: readonly string[], options: WatchOptions): Promise<number> {
  const { io } = options;
  /** The latest result of each test file, by its path as given. */
  const latest = new Map(first.map((r) => [r.file, r]));
  let changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const watchers: FSWatcher[] = [];

  const rerun = async (files: Set<string>): Promise<void> => {
    // The changed files that are an input of a test file: what the run names as its cause (not an editor's
    // or sed's temporary file in the same folder).
    const causes = new Set<string>();
    const affected = [...latest.values()].filter((r) => {
      const inputs = [...dependenciesOf(r)].filter((d) => files.has(d));
      for (const input of inputs) causes.add(input);
      return inputs.length > 0;
    }).map((r) => r.file);
    // A test file that is new, or came back: it runs too.
    for (const file of files) {
      if (!options.isTestFile(file) || affected.some((a) => path.resolve(io.cwd, a) === file)) continue;
      if (await stat(file).then((s) => s.isFile(), () => false)) {
        affected.push(path.relative(io.cwd, file) || file);
        causes.add(file);
      }
    }
    if (affected.length === 0) return;
    const results: TestFileResult[] = [];
    for (const file of affected) {
      const result = await options.run(file);
      latest.set(file, result);
      results.push(result);
    }
    const names = [...causes].map((f) => path.relative(io.cwd, f) || f).slice(0, 3).join(', ');
    io.stdout(`\n--- ${names}${causes.size > 3 ? ' ...' : ''} changed: ${affected.length} test file${affected.length === 1 ? '' : 's'} run again\n`);
    io.stdout(options.report(results));
  };

  const onChange = (folder: string) => (_event: string, name: string | Buffer | null) => {
    if (name === null) return;
    const file = path.resolve(folder, name.toString());
    changed.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const files = changed;
      changed = new Set();
      // One run at a time, in order of the changes.
      running = running.then(() => rerun(files)).catch((error: unknown) => {
        io.stderr(`sgconf test --watch: ${error instanceof Error ? error.message : String(error)}\n`);
      });
    }, SETTLE_MS);
  };

  return new Promise<number>((resolve) => {
    // Each folder on its own (inotify answers at once; Node 20's recursive watch on Linux is ready only
    // after its own walk, and a change made meanwhile is lost).
    for (const folder of foldersUnder([...new Set(paths.map((p) => folderOf(path.resolve(io.cwd, p))))])) {
      try {
        watchers.push(watch(folder, onChange(folder)));
      } catch (error) {
        io.stderr(`sgconf test --watch: cannot watch ${folder}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`);
      }
    }
    io.stderr(`sgconf test --watch: watching ${watchers.length} folder${watchers.length === 1 ? '' : 's'}; interrupt to stop\n`);
    const stop = () => {
      clearTimeout(timer);
      for (const w of watchers) w.close();
      const failed = [...latest.values()].some((r) => r.cases.some((c) => c.status === 'failed') || r.diagnostics.some((d) => d.severity === 'error'));
      resolve(failed ? 1 : 0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** The folders under the roots (the skipped ones aside), at most MAX_FOLDERS of them. */
function foldersUnder(roots: readonly string[]): string[] {
  const found: string[] = [];
  const queue = [...roots];
  while (queue.length > 0 && found.length < MAX_FOLDERS) {
    const folder = queue.shift()!;
    found.push(folder);
    let entries: Dirent[] = [];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) if (entry.isDirectory() && !SKIPPED.test(entry.name)) queue.push(path.join(folder, entry.name));
  }
  return found;
}

const MAX_FOLDERS = 2000;

/** A folder as it is; a file's folder (a test file named on the command line). */
function folderOf(file: string): string {
  return /\.(json|ya?ml|js)$/i.test(file) ? path.dirname(file) : file;
}
