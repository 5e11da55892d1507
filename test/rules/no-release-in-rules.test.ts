// No rule module names a release or compares versions: what a release does is a fact of src/releases/,
// and a message gets its release words from the verdict (`underTarget`, `verdict.brief`, UPGRADE).
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const RULES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/rules');

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? modules(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
}

/** The string and template literals of a module, comments removed first. */
function literals(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');
  return [...code.matchAll(/(['"`])((?:\\.|(?!\1)[^\\])*)\1/g)].map((m) => m[2]!);
}

// A release number or range in words a user reads ("3.2+", "4.0 and later", "3.x"); TLS protocol
// versions ("TLS 1.2", "tlsv1.3") are not releases.
const RELEASE = /\b[1-4]\.(?:\d|x)\b/;
const NOT_A_RELEASE = /TLS [\d./]+|tlsv[\d.$]+/gi;

describe('rule modules', () => {
  const files = modules(RULES);
  it('are found', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('name no release in their messages, details or descriptions', () => {
    const named: string[] = [];
    for (const file of files) {
      for (const text of literals(readFileSync(file, 'utf8'))) {
        // Identifiers (fact ids such as legacy-key-gone-before-2.8, module paths) are not words a user reads.
        if (/^[\w./-]+$/.test(text)) continue;
        if (RELEASE.test(text.replace(NOT_A_RELEASE, ''))) named.push(`${path.relative(RULES, file)}: ${text.slice(0, 120)}`);
      }
    }
    expect(named).toEqual([]);
  });

  it('compare no versions themselves', () => {
    const comparing = files.filter((file) => /\b(compareReleases|releaseIndex|compareVersions|atLeast|before|crosses)\(|context\.target\s*[<>=!]=?/.test(readFileSync(file, 'utf8')));
    expect(comparing.map((f) => path.relative(RULES, f))).toEqual([]);
  });
});
