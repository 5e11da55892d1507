// Command dispatch. Each command lives in src/cli/commands/<name>.ts and exports run(args, io).
import { processIO, UsageError, type CliHost, type CliIO } from './io.js';
import { packageVersion } from '../version.js';
import { closestMatch } from '../distance.js';
import { printable } from '../messages.js';

type CommandModule = { run(args: string[], io: CliIO, host?: CliHost): Promise<number> };

// Loaded lazily: a lint run never pays for the converter, the planner or the certificate reader.
const commands: Record<string, () => Promise<CommandModule>> = {
  lint: () => import('./commands/lint.js'),
  convert: () => import('./commands/convert.js'),
  build: () => import('./commands/build.js'),
  plan: () => import('./commands/plan.js'),
  cert: () => import('./commands/cert.js'),
  schema: () => import('./commands/schema.js'),
  'dry-run': () => import('./commands/dry-run.js'),
  test: () => import('./commands/test.js'),
  lsp: () => import('./commands/lsp.js'),
  'print-config': () => import('./commands/print-config.js'),
};

export const USAGE = `Usage: sgconf <command> [options]

Commands:
  lint <path>...                      check configs (files or folders)
  convert <legacy-config> --out <dir> convert a legacy config into 3.x configs
  build <path>... --out <dir>         compile 3.x sources into deployable JSON
  plan <config> --from <v> --to <v>   print an upgrade runbook
  cert <pem> [--ca <pem>]             inspect a certificate
  schema <legacy|bootstrap|database>  print the JSON Schema of a kind
  dry-run <config> --doc <file|->     run a document through a sync function or import filter
  test [<path>...]                    run sync function and import filter test files
  lsp                                 run the language server for editors (standard input/output)
  print-config <file>                 the settings in force for a file, and where each comes from

Run 'sgconf <command> --help' for a command's options.`;

/**
 * Takes the engine's module compiled before the CLI loaded (src/launch.cts starts it for the commands that
 * run functions) as this process's compilation of it.
 */
export async function adoptEngineModule(otto: string, compiled: Promise<WebAssembly.Module>): Promise<void> {
  const { adoptCompiledModule } = await import('../sync/engine.js');
  adoptCompiledModule(otto, compiled);
}

export async function main(argv: string[], io: CliIO = processIO(), host?: CliHost): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(USAGE + '\n');
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    io.stdout(`${packageVersion()}\n`);
    return 0;
  }
  const load = Object.prototype.hasOwnProperty.call(commands, name) ? commands[name] : undefined;
  if (!load) {
    const near = closestMatch(name, Object.keys(commands));
    io.stderr(`sgconf: unknown command "${name}"${near ? `; did you mean "${near}"?` : '.'} Run 'sgconf --help' for the list of commands.\n`);
    return 2;
  }
  try {
    const command = await load();
    return await command.run(rest, io, host);
  } catch (error) {
    if (error instanceof UsageError) {
      // A sentence that asks ("did you mean --format?") ends there; any other gets its full stop. It may quote
      // the repository (a tool config's entry, a decision's choice): printed as one line, no control raw.
      const message = printable(error.message);
      io.stderr(`sgconf ${name}: ${message}${message.endsWith('?') ? '' : '.'} Run 'sgconf ${name} --help' for usage.\n`);
      return 2;
    }
    throw error;
  }
}
