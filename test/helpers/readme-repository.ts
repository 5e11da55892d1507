// The README's "Set up a repository": its files as written there (each block names its path in its first
// line), written into a folder; and its commands. The README test and the real clients' tests use it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export interface ReadmeRepository {
  /** The files, by path relative to the repository. */
  files: Record<string, string>;
  /** The commands the section says pass, each as typed (`sgconf lint .`). */
  commands: string[];
}

export function readmeRepository(): ReadmeRepository {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Set up a repository'), readme.indexOf('## Use it as a pre-commit hook'));
  const blocks = [...section.matchAll(/```(?:json|sh|yaml|js)\n(?:\/\/|#) (\S+)\n([\s\S]*?)\n```/g)];
  const files = Object.fromEntries(blocks.map(([, file, text]) => [file!, `${text}\n`]));
  const commands = [...section.matchAll(/```sh\n(sgconf [\s\S]*?)\n```/g)][0]![1]!.split('\n');
  return { files, commands };
}

/** Writes the files into `dir` (folders made). */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}
