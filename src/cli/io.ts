// What a command may touch of the process: its streams and environment (tests pass their own).
export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  env: Record<string, string | undefined>;
  /** Whether stdout is a terminal (colours). */
  isTTY: boolean;
}

export function processIO(): CliIO {
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    cwd: process.cwd(),
    env: process.env,
    isTTY: Boolean(process.stdout.isTTY),
  };
}

/** Thrown by argument parsing: exit status 2 with a one-line usage hint. */
export class UsageError extends Error {}
