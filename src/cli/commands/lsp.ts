// sgconf lsp: the language server, on standard input and output (src/cli/lsp-server.ts).
import type { CliIO } from '../io.js';
import { parseCommandArgs } from '../args.js';

const HELP = `Usage: sgconf lsp [--stdio]

Runs the sgconf language server on standard input and output (the Language Server Protocol), for editors:
the findings of sgconf lint while typing, hover and completion of fields, and the safe fixes as code actions.
It reads the tool config of each file's folder, as sgconf lint does. Set-up for Neovim and VS Code: docs/editors.md.
`;

export async function run(args: string[], io: CliIO): Promise<number> {
  // --stdio is what editors pass by habit; standard input and output are the only transport.
  const parsed = parseCommandArgs(args, { stdio: { type: 'boolean', default: true } }, HELP, io);
  if (!parsed) return 0;
  const { startServer } = await import('../lsp-server.js');
  startServer();
  // The server runs until the client sends exit (or closes the connection).
  return new Promise<number>(() => undefined);
}
