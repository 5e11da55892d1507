// Argument parsing shared by every command: strict options, misuse as UsageError (exit 2), --help.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError, type CliIO } from './io.js';
import { compareReleases, NEWEST_RELEASE, parseRelease, RELEASES, type Release } from '../releases/index.js';
import { closestMatch } from '../distance.js';
import { isTimeZone } from '../sync/time-zone.js';

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
    throw new UsageError(parseProblem(error, options));
  }
}

/** parseArgs' refusal in sgconf's words: the option named, with "did you mean" for a misspelt one. */
function parseProblem(error: unknown, options: Options): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const names = Object.keys(options).map((name) => `--${name}`);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const option = /'([^']+)'/.exec(message)?.[1] ?? message;
    const flag = option.split('=')[0]!;
    const near = flag.startsWith('--') ? closestMatch(flag, names) : undefined;
    return `unknown option ${flag}${near ? `; did you mean ${near}?` : ''}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const option = /'(-[^ ']+)/.exec(message)?.[1];
    if (option && /argument missing/.test(message)) return `${option} needs a value`;
    if (option) return `${option} takes no value`;
  }
  return message.split('\n')[0]!.replace(/\.$/, '');
}

/**
 * Whether to colour a terminal's output, as the ecosystem reads it: --color or --no-color first, then
 * FORCE_COLOR (0 or false: never; any other value: always), then NO_COLOR (set and not empty: never),
 * then a terminal that is not TERM=dumb.
 */
export function useColor(io: CliIO, values: { color?: boolean; 'no-color'?: boolean } = {}): boolean {
  if (values['no-color']) return false;
  if (values.color) return true;
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '') return false;
  return io.isTTY && io.env.TERM !== 'dumb';
}

/** --tz: an IANA time zone (the gateway host's), or misuse. */
export function timeZoneOption(zone: string | undefined): string | undefined {
  if (zone !== undefined && !isTimeZone(zone)) throw new UsageError(`--tz ${JSON.stringify(zone)}: give an IANA time zone such as Europe/Paris or UTC`);
  return zone;
}

/** --color and --no-color, for the commands that print to a terminal. */
export const COLOR_OPTIONS = {
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
} as const;

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



/** A whole number option from 1 to `max` (--key-orders, --timeout); null when absent. */
export function wholeNumberOption(option: string, text: string | undefined, max: number, what: string): number | null {
  if (text === undefined) return null;
  if (!/^[1-9]\d*$/.test(text) || Number(text) > max) throw new UsageError(`${option} ${JSON.stringify(text)}: give a whole number of ${what} from 1 to ${max}`);
  return Number(text);
}
