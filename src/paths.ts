// Where the package's own files are. One place, because this module sits directly under dist/ exactly
// like the bundled CLI (dist/sgconf.cjs, scripts/bundle.mjs), so `..` is the package root in both.
const packageRoot = new URL('../', import.meta.url);

/** A file of the package, e.g. `schemas/legacy.schema.json`. */
export function packageFile(relative: string): URL {
  return new URL(relative, packageRoot);
}
