// What a command may touch of the process: its streams and environment (tests pass their own).
import { fstatSync, statSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { MAX_CONFIG_BYTES, readRegularFileSync } from '../fs-async.js';
import * as path from 'node:path';
import { insideRepository, type ReadScope } from '../read-scope.js';

export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  env: Record<string, string | undefined>;
  /** Whether stdout is a terminal (colours). */
  isTTY: boolean;
  /** Standard input, read whole (dry-run --doc -); default: file descriptor 0. */
  readStdin?: () => string;
  /** Questions on the terminal (convert --interactive); absent when standard input is not a terminal. */
  prompt?: () => Promise<Prompt>;
}

/** What the executable offers a command beyond its streams (src/launch.cts gives it; tests and the API do not). */
export interface CliHost {
  /** Runs this command line again in a Node whose V8 optimises the engine as it runs (launch.cts OPTIMISING_FLAGS). */
  runOptimised(): Promise<number>;
}

/** A session of questions on the terminal: one reader for all of them, so answers typed ahead are kept. */
export interface Prompt {
  /** The next line typed; null when input ended. */
  ask(question: string): Promise<string | null>;
  close(): void;
}

export function processIO(): CliIO {
  const stdout = descriptorWriter(1, () => process.stdout);
  const stderr = descriptorWriter(2, () => process.stderr);
  let isTTY: boolean | undefined;
  return {
    stdout,
    stderr,
    cwd: process.cwd(),
    env: process.env,
    get isTTY() {
      isTTY ??= stdoutIsTerminal();
      return isTTY;
    },
    get prompt() {
      return stdinIsTerminal() ? terminalPrompt : undefined;
    },
  };
}

/**
 * Whether standard input is a terminal. node:tty is loaded only when a command asks: it brings node:net
 * and the streams, some 15 ms of every start (issue 6).
 */
function stdinIsTerminal(): boolean {
  return (createRequire(import.meta.url)('node:tty') as typeof import('node:tty')).isatty(0);
}

/** Questions on this process's terminal, read by one readline interface. */
async function terminalPrompt(): Promise<Prompt> {
  // node:readline is loaded only here: a command that asks nothing does not pay for it.
  const { createInterface } = await import('node:readline');
  const lines = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const typed: string[] = [];
  let waiting: ((line: string | null) => void) | undefined;
  let ended = false;
  lines.on('line', (line) => {
    if (waiting) { const w = waiting; waiting = undefined; w(line); } else typed.push(line);
  });
  lines.on('close', () => {
    ended = true;
    if (waiting) { const w = waiting; waiting = undefined; w(null); }
  });
  return {
    ask(question) {
      if (typed.length > 0) { process.stdout.write(question + typed[0] + '\n'); return Promise.resolve(typed.shift()!); }
      if (ended) return Promise.resolve(null);
      lines.setPrompt(question);
      lines.prompt();
      return new Promise((resolve) => { waiting = resolve; });
    },
    close() {
      lines.close();
    },
  };
}

// Output goes straight to the file descriptor: the first touch of process.stdout makes Node load its
// stream (and, for a pipe or terminal, net) modules, some milliseconds of a cold start (issue 6). Should
// the descriptor be non-blocking (EAGAIN), the rest goes through Node's stream, in order. A reader that
// went away (EPIPE: `sgconf lint | head`) ends the output quietly.
function descriptorWriter(fd: 1 | 2, stream: () => NodeJS.WriteStream): (text: string) => void {
  let mode: 'direct' | 'stream' | 'closed' = 'direct';
  let fallback: NodeJS.WriteStream | undefined;
  return (text) => {
    if (mode === 'closed' || text === '') return;
    let rest: string | Buffer = text;
    if (mode === 'direct') {
      const bytes = Buffer.from(text, 'utf8');
      let written = 0;
      try {
        while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
        return;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EPIPE') {
          mode = 'closed';
          return;
        }
        if (code !== 'EAGAIN') throw error;
        mode = 'stream';
        rest = bytes.subarray(written);
      }
    }
    if (!fallback) {
      fallback = stream();
      // The stream reports a reader that went away later, as an event: the output ends quietly there too.
      fallback.on('error', (error: NodeJS.ErrnoException) => {
        mode = 'closed';
        if (error.code !== 'EPIPE') {
          writeSync(2, `sgconf: the output could not be written: ${error.message}\n`);
          process.exitCode = 2;
        }
      });
    }
    fallback.write(rest);
  };
}

/** Whether stdout is a terminal, without creating process.stdout for a pipe, a file or /dev/null. */
function stdoutIsTerminal(): boolean {
  try {
    const out = fstatSync(1);
    if (!out.isCharacterDevice() || out.rdev === statSync('/dev/null').rdev) return false;
  } catch {
    // no /dev/null (Windows): ask Node
  }
  return Boolean(process.stdout.isTTY);
}

/** Thrown by argument parsing: exit status 2 with a one-line usage hint. */
export class UsageError extends Error {}

/**
 * The reader of a report's code frames: the files the command was given (and found in the folders it was
 * given), and other files only inside the repository. A function file outside it, read with --host or
 * --allow-path, is never quoted (docs/security.md).
 */
export function frameReader(cwd: string, scope: ReadScope | undefined, given: readonly string[]): (file: string) => string | null {
  const own = new Set(given.map((file) => path.resolve(cwd, file)));
  return (file) => (own.has(path.resolve(cwd, file)) || insideRepository(path.resolve(cwd, file), scope) ? readSourceSafely(cwd, file) : null);
}

/** A file's text for a report's code frames (BOM removed), or null when it cannot be read. */
export function readSourceSafely(cwd: string, file: string): string | null {
  try {
    const text = readRegularFileSync(path.resolve(cwd, file), MAX_CONFIG_BYTES).toString('utf8');
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    return null;
  }
}
