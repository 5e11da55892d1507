// Every relative link of the README and of docs/ names a file of the repository (the README was split
// into docs/ pages; a moved page must not leave a dead link behind).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? markdownFiles(full) : entry.name.endsWith('.md') ? [full] : [];
  });
}

describe('links between the docs', () => {
  const pages = [path.join(repo, 'README.md'), ...markdownFiles(path.join(repo, 'docs'))];
  it('finds the pages', () => {
    expect(pages.length).toBeGreaterThan(150);
  });
  it('keeps the README to what a newcomer needs on the first day (under 15 KB; the rest is in docs/)', () => {
    expect(readFileSync(path.join(repo, 'README.md')).length).toBeLessThan(15 * 1024);
  });
  for (const page of pages) {
    it(path.relative(repo, page), () => {
      // Code blocks hold examples, not links.
      const text = readFileSync(page, 'utf8').replace(/```[\s\S]*?```/g, '');
      const dead = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
        .map((m) => m[1]!.split('#')[0]!)
        .filter((target) => target !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(target))
        .filter((target) => !existsSync(path.resolve(path.dirname(page), target)));
      expect(dead).toEqual([]);
    });
  }
});
