// Argument parsing shared by every command: strict options, misuse as UsageError (exit 2), --help.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError, type CliIO } from './io.js';
import { compareReleases, NEWEST_RELEASE, parseRelease, RELEASES, type Release } from '../releases/index.js';

type Options = NonNullable<ParseArgsConfig['options']>;
type Config<O extends Options> = { args: string[]; allowPositionals: true; strict: true; options: O };
export type ParsedCommandArgs<O extends Options> = ReturnType<typeof parseArgs<Config<O>>>;

/**
 * Parses a command's arguments. Returns null after printing the usage when --help/-h was given
 * (the command then exits 0); unknown options and bad values throw UsageError.
 */
export function parseCommandArgs<const O extends Options>(args: string[], options: O, usage: string, io: CliIO): ParsedCommandArgs<O> | null {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(usage.endsWith('\n') ? usage : usage + '\n');
    return null;
  }
  try {
    return parseArgs<Config<O>>({ args, allowPositionals: true, strict: true, options });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message.split('\n')[0]!.replace(/\.$/, '') : String(error));
  }
}

/**
 * The release to judge for: `--target`, else the tool config's `target`, else the newest release.
 * An unknown version is misuse; `oldest` is the oldest release the command accepts (convert: 3.0).
 */
export function resolveTarget(option: string | undefined, fromToolConfig: Release | undefined, oldest: Release = RELEASES[0]): Release {
  if (option === undefined) {
    // The tool config's target meets the same bound as the option (a 2.8 fleet's .sgconfrc cannot convert).
    if (fromToolConfig !== undefined && compareReleases(fromToolConfig, oldest) < 0) {
      throw new UsageError(`the tool config's target ${fromToolConfig}: this command needs ${oldest} or later (${fromToolConfig} reads legacy configs only); give --target ${oldest} or later`);
    }
    return fromToolConfig ?? NEWEST_RELEASE;
  }
  const release = parseRelease(option);
  if (!release) throw new UsageError(`unknown --target "${option}": sgconf knows Sync Gateway ${RELEASES.join(', ')} (or a patch version such as 3.1.4)`);
  if (compareReleases(release, oldest) < 0) throw new UsageError(`--target ${option}: this command needs ${oldest} or later (${release} reads legacy configs only)`);
  return release;
}

/** Colours only on a terminal, never with NO_COLOR or TERM=dumb. */
export function useColor(io: CliIO): boolean {
  return io.isTTY && !('NO_COLOR' in io.env) && io.env.TERM !== 'dumb';
}
