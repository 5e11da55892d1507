// The tool's version, from package.json (one place: --version and the SARIF driver both report it).
import { readFileSync } from 'node:fs';
import { packageFile } from './paths.js';

let version: string | null = null;

export function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version: string }).version;
  return version;
}
