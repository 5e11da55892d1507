// What every formatter is given besides the report (its own module, so that the formatters and
// report/index.ts, which loads them, do not import each other).
export interface FormatOptions {
  cwd: string;
  color: boolean;
  /** Original text of each file (for code frames), keyed by the file as given. */
  readSource?: (file: string) => string | null;
  /** Findings --quiet left out of the report, so that a clean summary does not say "no problems". */
  hidden?: { warnings: number; infos: number };
  /** The run could have applied fixes (lint without --fix): the summary counts the findings that have one. */
  fixHint?: boolean;
}
