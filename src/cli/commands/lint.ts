// Placeholder: the lint command is being built.
import type { CliIO } from '../io.js';

export async function run(_args: string[], io: CliIO): Promise<number> {
  io.stderr('sgconf lint: not implemented yet\n');
  return 2;
}
