// sgconf schema <kind>: print the JSON Schema of that kind.
import { readFile } from 'node:fs/promises';
import { UsageError, type CliIO } from '../io.js';
import { packageFile } from '../../paths.js';

const KINDS = ['legacy', 'bootstrap', 'database'];

export async function run(args: string[], io: CliIO): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout('Usage: sgconf schema <legacy|bootstrap|database>\n');
    return 0;
  }
  if (args.length !== 1 || !KINDS.includes(args[0]!)) throw new UsageError(`expected one kind: ${KINDS.join(', ')}`);
  const text = await readFile(packageFile(`schemas/${args[0]}.schema.json`), 'utf8');
  io.stdout(text.endsWith('\n') ? text : text + '\n');
  return 0;
}
