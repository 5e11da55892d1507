// Sync Gateway release lines the planner knows, and how to compare them.

/** Every release line (major.minor) the planner knows. There were no 2.2 - 2.4 releases. */
export const KNOWN_LINES = ['1.0', '1.1', '1.2', '1.3', '1.4', '1.5', '2.0', '2.1', '2.5', '2.6', '2.7', '2.8', '3.0', '3.1', '3.2', '3.3', '4.0', '4.1'] as const;

export interface Version {
  major: number;
  minor: number;
  patch?: number;
  /** As the user wrote it. */
  text: string;
}

/** Parses `x.y` or `x.y.z` of a known release line; null otherwise. */
export function parseVersion(text: string): Version | null {
  const match = /^(\d+)\.(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const line = `${Number(match[1])}.${Number(match[2])}`;
  if (!(KNOWN_LINES as readonly string[]).includes(line)) return null;
  return { major: Number(match[1]), minor: Number(match[2]), patch: match[3] !== undefined ? Number(match[3]) : undefined, text: text.trim() };
}

export function compareVersions(a: Version, b: Version): number {
  return a.major - b.major || a.minor - b.minor || (a.patch ?? 0) - (b.patch ?? 0);
}

/** Whether `v` is at or after the line `major.minor` (patch ignored). */
export function atLeast(v: Version, line: string): boolean {
  const [major, minor] = line.split('.').map(Number);
  return v.major > major || (v.major === major && v.minor >= minor);
}

export function before(v: Version, line: string): boolean {
  return !atLeast(v, line);
}

/** Whether the upgrade from `from` to `to` crosses into `line` (from before it, to at or after it). */
export function crosses(from: Version, to: Version, line: string): boolean {
  return before(from, line) && atLeast(to, line);
}
