// sgconf schema <kind> [--target <v>]: print the JSON Schema of that kind, as a release reads it.
import { readFile } from 'node:fs/promises';
import { UsageError, type CliIO } from '../io.js';
import { packageFile } from '../../paths.js';
import { parseCommandArgs, resolveTarget } from '../args.js';
import { releaseSchema } from '../../schema/release-schema.js';
import { jsonText } from '../../messages.js';
import type { Kind } from '../../types.js';

const KINDS = ['legacy', 'bootstrap', 'database'];

const HELP = `Usage: sgconf schema <legacy|bootstrap|database> [--target VERSION]

Prints the JSON Schema of a kind of config, for editors and other tools.

Options:
  --target VERSION   the release whose fields the schema holds: 2.8, 3.0, 3.1, 3.2, 3.3, 4.0, 4.1 or a
                     patch version such as 3.1.4 (default 4.1, the newest)
  -h, --help         show this help`;

export async function run(args: string[], io: CliIO): Promise<number> {
  const parsed = parseCommandArgs(args, { target: { type: 'string' } }, HELP, io);
  if (!parsed) return 0;
  const { values, positionals } = parsed;
  if (positionals.length !== 1 || !KINDS.includes(positionals[0]!)) {
    throw new UsageError(positionals.length === 0 ? `name a kind: ${KINDS.join(', ')}` : positionals.length > 1 ? `one kind at a time (got ${positionals.join(', ')})` : `unknown kind "${positionals[0]}": ${KINDS.join(', ')}`);
  }
  const kind = positionals[0] as Kind;
  const text = await readFile(packageFile(`schemas/${kind}.schema.json`), 'utf8');
  if (values.target === undefined) {
    io.stdout(text.endsWith('\n') ? text : text + '\n');
    return 0;
  }
  const target = resolveTarget(values.target, undefined);
  io.stdout(`${jsonText(releaseSchema(JSON.parse(text), kind, target), 2)}\n`);
  return 0;
}
