// The folder of otto's verdict cache for a test run (SGCONF_CACHE_DIR, set by the vitest configs for the
// tests and the processes they start): a run of the suite leaves the user's own (~/.cache/sgconf) as it
// found it. Without it, every run added the verdicts of the corpus's and the tests' functions there (the
// cache keeps 5,000), and the temporary file of a process a test kills.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

export function testCacheFolder(): string {
  return mkdtempSync(path.join(tmpdir(), 'sgconf-test-cache-'));
}

/**
 * The environment of a shell with nothing in it but PATH, as the tests that start sgconf like a user's
 * shell give it, and the test run's cache folder (SGCONF_CACHE_DIR).
 */
export function bareEnvironment(): Record<string, string> {
  return { PATH: process.env.PATH ?? '', SGCONF_CACHE_DIR: process.env.SGCONF_CACHE_DIR ?? '' };
}
