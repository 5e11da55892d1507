// Reading the function files and URLs a config names (reference 6.3), so the pure converter can inline them.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isUrlSource, type FunctionSite } from './legacy.js';
import type { ResolvedSource } from './types.js';

export interface SourceOptions {
  /** Directory relative paths resolve against (the gateway uses its working directory). */
  cwd: string;
  /** Fetch http(s) sources (default true). */
  remote?: boolean;
  timeoutMs?: number;
}

/** Classify each site as the gateway does and read the file/URL ones; inline values are left out of the map. */
export async function readFunctionSources(sites: readonly FunctionSite[], options: SourceOptions): Promise<Map<string, ResolvedSource>> {
  const out = new Map<string, ResolvedSource>();
  for (const site of sites) {
    const resolved = await readOne(site.value, options);
    if (resolved) out.set(site.pointer, resolved);
  }
  return out;
}

export async function readOne(value: string, options: SourceOptions): Promise<ResolvedSource | undefined> {
  if (isUrlSource(value)) {
    if (options.remote === false) return { origin: 'url', location: value, source: null, error: 'fetching is switched off' };
    try {
      const response = await fetch(value, { signal: AbortSignal.timeout(options.timeoutMs ?? 15000), redirect: 'follow' });
      if (response.status >= 300) return { origin: 'url', location: value, source: null, error: `${response.status} ${response.statusText}` };
      return { origin: 'url', location: value, source: await response.text() };
    } catch (error) {
      return { origin: 'url', location: value, source: null, error: (error as Error).message };
    }
  }
  // A function written inline is never a file name: skip the file system for anything multi-line or long.
  if (value.includes('\n') || value.length > 1024 || value.trim() === '') return undefined;
  const file = path.resolve(options.cwd, value);
  try {
    const info = await stat(file);
    if (info.isDirectory()) return undefined;
  } catch {
    return undefined;
  }
  try {
    return { origin: 'file', location: value, source: await readFile(file, 'utf8') };
  } catch (error) {
    return { origin: 'file', location: value, source: null, error: (error as NodeJS.ErrnoException).code ?? (error as Error).message };
  }
}
