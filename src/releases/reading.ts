// How each release reads a config file before it parses it: facts for the reading stage (src/source/).
import { compareReleases, type Release } from './index.js';

export const READING = {
  environmentExpansion: {
    from: '3.0' as Release,
    change: '`$VAR`, `${VAR}` and `${VAR:-default}` are expanded over the whole file before it is parsed, and `$$` is a literal `$`',
    // 2.8.4 has no such function: a `$` in a 2.8 config is an ordinary character.
    source: 'rest/config.go@3.0.0 expandEnv (os.Expand over the raw bytes)',
  },
} as const;

/** Whether the target expands environment references in a config (and reads `$$` as `$`). */
export function expandsEnvironment(target: Release): boolean {
  return compareReleases(target, READING.environmentExpansion.from) >= 0;
}
