// What `sgconf build` wrote: a manifest beside its outputs (`.sgconf-build.json` in the --out folder), each
// output with the source it was built from and the digest of its text. A folder walk of lint and the editor
// that checks the source too gives an output that still holds that text no verdict of its own (its findings
// are its source's); an output edited since the build, or walked without its source, is checked like any config.
import * as path from 'node:path';
import { MAX_CONFIG_BYTES, readRegularFile } from './fs-async.js';
import { textDigest } from './text-hash.js';

export const BUILD_MANIFEST = '.sgconf-build.json';

/** Manifests larger than this are not read (one line per output). */
const MAX_MANIFEST_BYTES = 1024 * 1024;

export type ManifestCache = Map<string, Promise<Manifest | null>>;

interface Manifest {
  builtBy: 'sgconf build';
  /** By output path relative to the manifest's folder ('/'-separated): its source, relative to that folder, and its text's digest (textDigest). */
  files: Record<string, { source: string; digest: string }>;
}

/**
 * The manifest's text for outputs (paths relative to `outDir`) built from sources (paths relative to
 * `cwd`). Each text's digest is sgconf's key of a text (text-hash.ts: no node:crypto on a cold start).
 */
export function buildManifestText(outputs: readonly { path: string; content: string; source?: string }[], outDir: string, cwd: string): string {
  const files: Manifest['files'] = {};
  for (const o of outputs) {
    if (o.source === undefined) continue;
    files[o.path] = { source: path.relative(outDir, path.resolve(cwd, o.source)).split(path.sep).join('/'), digest: textDigest(o.content) };
  }
  return `${JSON.stringify({ builtBy: 'sgconf build', files } satisfies Manifest, null, 2)}\n`;
}

/**
 * The source an output was built from (relative to `cwd`) when the nearest manifest above it lists it with
 * its text as it is now and `wanted` takes that source (the output is read only then); null for any other
 * file. `manifests` caches each folder's manifest for a run.
 */
export async function builtFrom(file: string, cwd: string, manifests: ManifestCache, wanted: (source: string) => boolean): Promise<string | null> {
  const absolute = path.resolve(cwd, file);
  for (let folder = path.dirname(absolute); ; folder = path.dirname(folder)) {
    let manifest = manifests.get(folder);
    if (!manifest) manifests.set(folder, manifest = readManifest(path.join(folder, BUILD_MANIFEST)));
    const found = await manifest;
    if (found) {
      const entry = found.files[path.relative(folder, absolute).split(path.sep).join('/')];
      if (!entry) return null;
      const source = path.relative(cwd, path.resolve(folder, entry.source)) || entry.source;
      if (!wanted(source)) return null;
      const bytes = await readRegularFile(absolute, MAX_CONFIG_BYTES).catch(() => null);
      return bytes !== null && textDigest(bytes.toString('utf8')) === entry.digest ? source : null;
    }
    if (path.dirname(folder) === folder || path.relative(cwd, folder).startsWith('..')) return null;
  }
}

async function readManifest(file: string): Promise<Manifest | null> {
  try {
    const value = JSON.parse(Buffer.from(await readRegularFile(file, MAX_MANIFEST_BYTES)).toString('utf8')) as Manifest;
    if (value?.builtBy !== 'sgconf build' || typeof value.files !== 'object' || value.files === null) return null;
    for (const entry of Object.values(value.files)) if (typeof entry?.source !== 'string' || typeof entry.digest !== 'string') return null;
    return value;
  } catch {
    return null;
  }
}
