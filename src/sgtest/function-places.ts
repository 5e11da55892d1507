// Where a function threw or rejected the write, at a line and column of the config or of the function's file:
// for sgconf test's report and sgconf dry-run's note beside the gateway's answer (which names no place).
import * as path from 'node:path';
import { MAX_CONFIG_BYTES, readRegularFileSync } from '../fs-async.js';
import { FunctionPlacer, type FilePlace } from '../functions/place.js';
import type { ResolvedFunction } from '../functions/types.js';

/** Places an offset in the function's source in its file. */
export type PlaceInFile = (at: number) => FilePlace | null;

/**
 * Where the function's offsets stand in the config or the function's file, with the file named as the report
 * names files (relative to the working folder).
 */
export function functionPlacer(functions: readonly ResolvedFunction[], pointer: string | undefined, configFile: string | null, cwd: string): PlaceInFile {
  const fn = pointer === undefined ? undefined : functions.find((f) => f.pointer === pointer);
  if (!fn) return () => null;
  const placer = new FunctionPlacer(fn, configFile ?? '', configTextOf(configFile));
  return (at) => {
    const placed = placer.place(at);
    return placed && { ...placed, file: path.relative(cwd, placed.file) || placed.file };
  };
}

/** Reads the config's text when a place in it is first asked for (null: there is none, or it cannot be read). */
export function configTextOf(configFile: string | null): () => string | null {
  return () => {
    if (configFile === null) return null;
    try {
      return readRegularFileSync(configFile, MAX_CONFIG_BYTES).toString('utf8').replace(/^\uFEFF/, '');
    } catch {
      return null;
    }
  };
}
