// Runs an sgconf command in-process as a user would from a shell: its output, error output and exit code.
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(args: readonly string[], options: { cwd: string; env?: Record<string, string>; stdin?: string }): Promise<CliRun> {
  let stdout = '', stderr = '';
  const io: CliIO = {
    stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; }, cwd: options.cwd, env: options.env ?? {}, isTTY: false,
    ...(options.stdin !== undefined ? { readStdin: () => options.stdin! } : {}),
  };
  const code = await main([...args], io);
  return { code, stdout, stderr };
}
