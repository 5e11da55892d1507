// Placeholder until the command is built.
import type { CliIO } from '../io.js';

export async function run(_args: string[], io: CliIO): Promise<number> {
  io.stderr('sgconf plan: not implemented yet\n');
  return 2;
}
