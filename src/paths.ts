import { readFileSync, statSync } from 'node:fs';
// Where the package's own files are. One place, because this module sits directly under dist/ exactly
// like the bundled CLI (dist/sgconf.cjs, scripts/bundle.mjs), so `..` is the package root in both.
const packageRoot = new URL('../', import.meta.url);

/** A file of the package, e.g. `schemas/legacy.schema.json`. */
export function packageFile(relative: string): URL {
  return new URL(relative, packageRoot);
}

/**
 * Whether `built`, which the build made from `source`, is current: not older than it. An installed copy's
 * (under node_modules) always is: npm writes a tarball's files in no fixed order, so their times say
 * nothing (as src/launch.cts decides for the CLI's bundle). Throws when either file is missing.
 */
export function builtIsCurrent(built: URL, source: URL): boolean {
  const made = statSync(built);
  return built.pathname.split('/').includes('node_modules') || made.mtimeMs >= statSync(source).mtimeMs;
}

/**
 * The code of a worker thread: the one CommonJS file the build makes of it (scripts/bundle.mjs, `bundle`),
 * when it is there and current (a tsc-only build leaves it behind), else the ES module `module`.
 * SGCONF_NO_BUNDLE takes the modules.
 */
export function threadFile(module: string, bundle: string): URL {
  const modules = packageFile(module);
  const bundled = packageFile(bundle);
  if (process.env.SGCONF_NO_BUNDLE) return modules;
  try {
    return builtIsCurrent(bundled, modules) ? bundled : modules;
  } catch {
    return modules;
  }
}

let docsBase: string | undefined;

/**
 * The address of a page of the package's documentation (`docs/rules/<id>.md`, `README.md`), for every
 * link sgconf prints (SARIF's helpUri, the language server's rule links): under the repository that
 * package.json's "repository" names (a GitHub repository: its files on the default branch), else the file
 * shipped in the package, as a file URL. sgconf has no public address yet, so links are files that exist.
 */
export function docsUrl(relative: string): string {
  docsBase ??= repositoryBase() ?? packageFile('').href;
  return new URL(relative, docsBase).href;
}

function repositoryBase(): string | null {
  try {
    const pkg = JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { repository?: string | { url?: string } };
    const url = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
    const github = url ? /github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(url) : null;
    return github ? `https://github.com/${github[1]}/${github[2]}/blob/HEAD/` : null;
  } catch {
    return null;
  }
}
