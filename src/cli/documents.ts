// Documents given to dry-run on the command line: a JSON or YAML file, or standard input (`-`).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { UsageError, type CliIO } from './io.js';
import { MAX_CONFIG_BYTES, NotReadError, readRegularFileSync } from '../fs-async.js';
import { isObject, type JsonObject } from '../types.js';
import type { ReadScope } from '../read-scope.js';
import { parseDocumentText } from '../sync/documents.js';

/** A document file as an object; anything else is misuse with where and why. */
export function readDocumentFile(spec: string, io: CliIO, option: string, scope: ReadScope): JsonObject {
  let text: string;
  const name = spec === '-' ? 'standard input' : spec;
  try {
    text = spec === '-' ? (io.readStdin ? io.readStdin() : readFileSync(0, 'utf8')) : readRegularFileSync(path.resolve(io.cwd, spec), MAX_CONFIG_BYTES, scope).toString('utf8');
  } catch (error) {
    if (error instanceof NotReadError) throw new UsageError(`${option} ${name}: ${error.message}`);
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`${option} ${name}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder, not a file' : code ?? String(error)}`);
  }
  const parsed = parseDocumentText(text, spec === '-' ? 'json-or-yaml' : /\.ya?ml$/i.test(spec) ? 'yaml' : 'json-or-yaml');
  if (!parsed.ok) throw new UsageError(`${option} ${name}: ${parsed.message}`);
  if (!isObject(parsed.value)) throw new UsageError(`${option} ${name}: a document is a JSON object, not ${Array.isArray(parsed.value) ? 'an array' : parsed.value === null ? 'null' : `a ${typeof parsed.value}`}`);
  return parsed.value;
}

/** `a,b` -> ['a', 'b']; absent -> []. */
export function splitList(value: string | undefined): string[] {
  return value === undefined ? [] : value.split(',').map((s) => s.trim()).filter((s) => s !== '');
}
