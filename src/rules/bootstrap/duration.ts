// Go duration strings ("10s", "1m30s", "1.5h", "-2s", "0"), as the gateway's config durations are written.
const UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, 'μs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Milliseconds, or undefined when the text is not a Go duration. */
export function parseGoDuration(text: string): number | undefined {
  let rest = text.trim();
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    if (rest[0] === '-') sign = -1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') return undefined;
  let total = 0;
  const part = /^(\d+(?:\.\d*)?|\.\d+)(ns|us|\u00b5s|\u03bcs|ms|s|m|h)/; // µs and μs, escaped: the bundle stays ASCII
  while (rest !== '') {
    const m = part.exec(rest);
    if (!m) return undefined;
    total += Number(m[1]) * UNITS[m[2]!]!;
    rest = rest.slice(m[0].length);
  }
  return sign * total;
}

export function formatMs(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  return `${ms / 1000}s`;
}
