// Every release line of the gateway, 1.0 to the newest, and the version numbers users write for them.
// One reader of version text for every command: `lint --target` judges from 2.8 (RELEASES in index.ts),
// `plan --from` reaches back to 1.0; both accept the same forms (`3.1`, `3.1.4`, `3.0.8.1`).

/**
 * Release lines with a tag in couchbase/sync_gateway (`git tag`), oldest first. There were no 2.2-2.4
 * releases: 2.1.x was followed by 2.5.0.
 */
export const RELEASE_LINES = ['1.0', '1.1', '1.2', '1.3', '1.4', '1.5', '2.0', '2.1', '2.5', '2.6', '2.7', '2.8', '3.0', '3.1', '3.2', '3.3', '4.0', '4.1'] as const;
export type ReleaseLine = (typeof RELEASE_LINES)[number];

export interface Version {
  /** The release line, e.g. `3.0` for `3.0.8.1`. */
  line: ReleaseLine;
  major: number;
  minor: number;
  /** The remaining components as written (`[8, 1]` for `3.0.8.1`); compared after the line. */
  patch: readonly number[];
  /** As the user wrote it (trimmed). */
  text: string;
}

/** `x.y` with up to two more components, of a known line (`3.0.8.1` is a real 3.0 build); null otherwise. */
export function parseVersion(text: string): Version | null {
  const match = /^(\d+)\.(\d+)((?:\.\d+){0,2})$/.exec(text.trim());
  if (!match) return null;
  const line = `${Number(match[1])}.${Number(match[2])}`;
  if (!(RELEASE_LINES as readonly string[]).includes(line)) return null;
  const patch = match[3] ? match[3].slice(1).split('.').map(Number) : [];
  return { line: line as ReleaseLine, major: Number(match[1]), minor: Number(match[2]), patch, text: text.trim() };
}

/** Negative when a is older than b. */
export function compareVersions(a: Version, b: Version): number {
  const byLine = RELEASE_LINES.indexOf(a.line) - RELEASE_LINES.indexOf(b.line);
  if (byLine !== 0) return byLine;
  for (let i = 0; i < Math.max(a.patch.length, b.patch.length); i++) {
    const diff = (a.patch[i] ?? 0) - (b.patch[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** Whether `version` is of the line `line` or a later one. */
export function atLeast(version: Version, line: ReleaseLine): boolean {
  return RELEASE_LINES.indexOf(version.line) >= RELEASE_LINES.indexOf(line);
}

export function before(version: Version, line: ReleaseLine): boolean {
  return !atLeast(version, line);
}

/** Whether an upgrade from `from` to `to` crosses into `line` (from before it, to at or after it). */
export function crosses(from: Version, to: Version, line: ReleaseLine): boolean {
  return before(from, line) && atLeast(to, line);
}
